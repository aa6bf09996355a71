import { apiJson } from '../api-client';
import type * as licenseCalls from '../../../contract/licenses';
import type { License } from '../../../contract/licenses';
import type * as calls from '../../../contract/mail';
import type { MailMessage, MailStatus } from '../../../contract/mail';
import { MESSAGES } from '../messages';
import { mutate, serverMessage } from './mutate';
import { debouncedSearch, goToPage, listQuery, pagedLoader, statusFilter } from './paged-list';
import { store } from './store';

export const MAIL_PAGE_SIZE = 25;

/** One page of the outbox for the current search and status filter; the server also says whether mail can go out. */
export const loadMail = pagedLoader(() => store.mail, async (list) => {
  const answer = await apiJson<typeof calls.listMail>('GET', `/api/mail/list?${listQuery(list, MAIL_PAGE_SIZE)}`).catch(() => undefined);
  if (!answer?.success || !Array.isArray(answer.messages)) return undefined;
  return { rows: answer.messages, pages: answer.pages, total: answer.total };
});

export const searchMail = debouncedSearch(() => store.mail, loadMail);

export const filterMail = statusFilter<MailStatus>(() => store.mail, loadMail);

export function goToMailPage(page: number): void {
  goToPage(store.mail, page, loadMail);
}

export async function resendMail(message: Pick<MailMessage, 'id'>): Promise<void> {
  await mutate(() => apiJson<typeof calls.resendMail>('POST', `/api/mail/resend/${message.id}`), {
    failed: MESSAGES.resendFailed,
    errorPrefix: MESSAGES.resendError,
    success: serverMessage(MESSAGES.resendQueued),
  });
  await loadMail();
}

/** "Send by e-mail" on a licence row: its message, as downloaded, to its e-mail address. */
export async function emailLicense(license: Pick<License, 'id'>): Promise<void> {
  await mutate(() => apiJson<typeof licenseCalls.emailLicense>('POST', `/api/license/email/${license.id}`), {
    failed: MESSAGES.emailLicenseFailed,
    errorPrefix: MESSAGES.emailLicenseError,
    success: serverMessage(MESSAGES.licenseEmailQueued),
  });
}

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
