import { apiJson } from '../api-client';
import type * as licenseCalls from '../../../contract/calls/licenses';
import type { License } from '../../../contract/calls/licenses';
import type * as calls from '../../../contract/calls/mail';
import type { MailMessage, MailStatus } from '../../../contract/calls/mail';
import { confirmAction } from './dialogs';
import { MESSAGES } from '../messages';
import { mutate, serverMessage } from './mutate';
import { debouncedSearch, goToPage, listQuery, pagedLoader, statusFilter } from './paged-list';
import { store } from './store';

export const MAIL_PAGE_SIZE = 25;

/** One page of the outbox for the current search and status filter; the server also says whether mail can go out. */
export const loadMail = pagedLoader(
  () => store.mail,
  async (list) => {
    const answer = await apiJson<typeof calls.listMail>(
      'GET',
      `/api/mail/list?${listQuery(list, MAIL_PAGE_SIZE)}`,
    ).catch(() => undefined);
    if (!answer?.success || !Array.isArray(answer.messages)) return undefined;
    return { rows: answer.messages, pages: answer.pages, total: answer.total };
  },
);

export const searchMail = debouncedSearch(() => store.mail, loadMail);

export const filterMail = statusFilter<MailStatus>(() => store.mail, loadMail);

export function goToMailPage(page: number): void {
  goToPage(store.mail, page, loadMail);
}

/** After a Resend, the list looks again this often while the message is on its way, so its new status shows by itself. */
const FOLLOW_EVERY_MS = 1500;
const FOLLOW_TRIES = 8;

const onItsWay = (): boolean => store.mail.rows.some((row) => row.status === 'queued' || row.status === 'sending');

async function followOutbox(): Promise<void> {
  for (let tries = 0; tries < FOLLOW_TRIES && onItsWay(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
    await loadMail();
  }
}

/**
 * Resend: a sent message is copied, so the buyer receives it once more: that is asked first (the
 * server allows three copies a message an hour). The list then follows the message until it went out.
 */
export async function resendMail(message: Pick<MailMessage, 'id' | 'status' | 'to'>): Promise<void> {
  if (
    message.status === 'sent' &&
    !confirmAction(`This e-mail was already sent to ${message.to}. Send a copy of it again?`)
  )
    return;
  const done = await mutate(() => apiJson<typeof calls.resendMail>('POST', `/api/mail/resend/${message.id}`), {
    failed: MESSAGES.resendFailed,
    errorPrefix: MESSAGES.resendError,
    success: serverMessage(MESSAGES.resendQueued),
  });
  await loadMail();
  if (done) await followOutbox();
}

/** "Send by e-mail" on a licence row: its message, as downloaded, to its e-mail address. */
export async function emailLicense(license: Pick<License, 'id'>): Promise<void> {
  await mutate(() => apiJson<typeof licenseCalls.emailLicense>('POST', `/api/license/email/${license.id}`), {
    failed: MESSAGES.emailLicenseFailed,
    errorPrefix: MESSAGES.emailLicenseError,
    success: serverMessage(MESSAGES.licenseEmailQueued),
  });
}

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
