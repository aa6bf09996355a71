/** The admin's outbox calls (the Mail view): the list, and sending a message again. */
import * as calls from '../../contract/calls/mail';
import type { MailMessage } from '../../contract/calls/mail';
import { MAIL_LIST } from '../../contract/rules/paging';
import { findMail, findMailPage, queueCopy, retryNow } from '../../data/outbox';
import type { MailRow } from '../../data/outbox';
import type { Transaction } from '../../data/store';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedQuery } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { readListQuery } from '../http/list-query';
import { retryAfterSeconds } from '../../contract/rules/durations';

/** Copies of one sent message per hour: a buyer who lost it needs one, not thirty. */
export const COPY_LIMIT = { max: 3, windowMs: 3600_000 };

/** The row under the names the admin reads (`to`, `text`), without its bookkeeping `updated_at`. */
function toMessage(row: MailRow): MailMessage {
  const { to_address, body, updated_at, ...same } = row;
  return { ...same, to: to_address, text: body };
}

export async function list(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listMail>> {
  const query = checkedQuery(req, calls.listMail);
  const { search, page, perPage } = readListQuery(query, MAIL_LIST);
  const result = await findMailPage(ctx.db, { status: query.status || undefined, search, page, perPage });
  return {
    success: true,
    messages: result.messages.map(toMessage),
    pages: result.pages,
    total: result.total,
    page,
    configured: ctx.mail.configured,
  };
}

export async function resend(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.resendMail>> {
  const id = idParam(req);
  const original = await findMail(ctx.db, id);
  if (!original) throw new HttpError(404, 'Message not found');
  if (original.status === 'sending') throw new HttpError(409, 'This message is being sent right now');
  const at = ctx.now().toISOString();
  const by = await adminActor(req, ctx);
  const recorded = (tx: Transaction, queued: MailRow) =>
    recordChangeIn(tx, by, at, {
      action: 'mail.resent',
      objectType: 'mail',
      objectId: String(queued.id),
      summary:
        original.status === 'sent'
          ? `copy of "${original.subject}" to ${original.to_address} queued (message ${original.id} was sent)`
          : `"${original.subject}" to ${original.to_address} queued again (was ${original.status})`,
      before: { id: original.id, status: original.status, attempts: original.attempts },
      after: { id: queued.id, status: queued.status, attempts: queued.attempts },
    });
  const mail =
    original.status === 'sent'
      ? await queueCopy(ctx.db, original, at, COPY_LIMIT, recorded)
      : await retryNow(ctx.db, id, at, recorded);
  // Its status changed between the two reads (the sender took it): the sender has it in hand.
  if (!mail) throw new HttpError(409, 'This message is being sent right now');
  if ('retryAt' in mail) {
    const seconds = retryAfterSeconds(Date.parse(mail.retryAt), Date.parse(at));
    throw new HttpError(
      429,
      `This message was already sent again ${COPY_LIMIT.max} times in the last hour. Try again in ${Math.ceil(seconds / 60)} min.`,
      { 'Retry-After': String(seconds) },
    );
  }
  ctx.mail.queued();
  const waiting = ctx.mail.configured ? '' : ' It waits in the outbox until SMTP_URL is configured.';
  const what =
    original.status === 'sent'
      ? `A copy to ${mail.to_address} is queued.`
      : `Message to ${mail.to_address} queued again.`;
  return { success: true, message: what + waiting, mail: toMessage(mail) };
}
