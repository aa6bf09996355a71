/**
 * An alert e-mail to the shop owner: to the storefront's support address, through the outbox, in
 * the transaction that decided to send it, so two instances cannot both send it. One alert per
 * incident, and an incident is one of two things. One with an end keeps its own row: backups
 * needing attention stay one incident until they are well again (api/backups/backup-alert.ts). One
 * that is only events has no end to wait for, so it lasts a day from its first event, counted in a
 * day-long window every instance shares (ctx.limiters): the first event of the window sends, the
 * rest do not (codes being guessed, api/admin/guessing-alert.ts; the visitor link ceiling,
 * api/mail/visitor-link-ceiling.ts).
 */
import { enqueueMailIn } from '../../data/outbox';
import type { MailKind } from '../../data/outbox';
import { readStorefrontValues } from '../../data/storefront-values';
import type { Sql, Transaction } from '../../data/store';
import type { CoreContext } from '../core-context';
import type { MailText } from '../messages/mail-messages';

/** Where owner alerts go; '' when the storefront has no support address (the alert is then not mailed). */
export async function ownerAlertAddress(db: Sql): Promise<string> {
  return (await readStorefrontValues(db)).contacts.support_email.trim();
}

/** Queues the alert in `tx`, beside the change that opened its incident. */
export async function queueOwnerAlertIn(
  tx: Transaction,
  to: string,
  kind: MailKind,
  mail: MailText,
  at: string,
): Promise<void> {
  await enqueueMailIn(tx, { kind, to_address: to, ...mail }, at);
}

/** Queues the alert of an incident that is only events (the day's first); true when queued, false without an address. */
export async function queueOwnerAlert(
  ctx: Pick<CoreContext, 'db' | 'now'>,
  kind: MailKind,
  mail: (at: string) => MailText,
): Promise<boolean> {
  const to = await ownerAlertAddress(ctx.db);
  if (to === '') return false;
  const at = ctx.now().toISOString();
  await ctx.db.transaction((tx) => queueOwnerAlertIn(tx, to, kind, mail(at), at));
  return true;
}
