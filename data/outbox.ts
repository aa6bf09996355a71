/**
 * The outbox: every e-mail the shop sends, written in the transaction of the change it reports
 * (an order, a reminder) and delivered later by the mail sender. A row is `queued` until the SMTP
 * server accepts it (`sent`) or the sender gives up (`failed`); `sending` marks the one attempt
 * under way, so a crash in the middle is seen and the message queued again.
 */
import { likePattern } from './licenses/page';
import { containsAny, newestFirstPage } from './newest-first-page';
import type { Conditions } from './newest-first-page';
import type { Sql, Store, Transaction } from './store';
import type { MailStatus } from '../contract/calls/mail';
import type { MAIL_KINDS, Word } from '../contract/rules/vocabulary';
import type { WithinChange } from './activity/activity-log';

/**
 * What the message is: a licence (after an order or by hand), a renewal reminder, a copy sent
 * again, an order's "payment received" note while the owner finishes it, LoopStream access details.
 */
export type MailKind = Word<typeof MAIL_KINDS>;

export type MailRow = {
  id: number;
  kind: MailKind;
  to_address: string;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  order_id: number | null;
  license_id: number | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
};

export type NewMail = Pick<MailRow, 'kind' | 'to_address' | 'subject' | 'body'> & {
  order_id?: number | null;
  license_id?: number | null;
};

export type MailPage = { messages: MailRow[]; total: number; pages: number };

/**
 * Mail a visitor's request sent to an address nobody proved yet (a sign-in or free-trial link):
 * anyone can type an address the mail server refuses, so its bounce or its wait is not the owner's
 * incident (the dashboard's failed count, /metrics' failed and oldest-queued figures leave it out,
 * the Mail view still lists it), and it goes out after every other message due (docs/spec.md#outbox).
 */
export const VISITOR_MAIL_KINDS: readonly MailKind[] = ['sign_in'];
/** SQL: the row is mail the owner answers for (not a visitor's link). */
export const OWNERS_MAIL_SQL = `kind NOT IN (${VISITOR_MAIL_KINDS.map((kind) => `'${kind}'`).join(', ')})`;
/**
 * SQL: the order due mail is sent in: what a payment produced first (a licence, "payment received",
 * LoopStream access), then the rest (reminders, alerts, copies), visitors' links last.
 */
const SENDING_ORDER_SQL = `CASE WHEN order_id IS NOT NULL THEN 0 WHEN ${OWNERS_MAIL_SQL} THEN 1 ELSE 2 END, next_attempt_at, id`;

/** Queues one message; call inside the transaction of the change it reports. Returns its id. */
export async function enqueueMailIn(tx: Transaction, mail: NewMail, at: string): Promise<number> {
  const row = await tx.get<{ id: number }>(
    `INSERT INTO outbox (kind, to_address, subject, body, status, attempts, next_attempt_at, order_id, license_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'queued', 0, ?, ?, ?, ?, ?) RETURNING id`,
    [mail.kind, mail.to_address, mail.subject, mail.body, at, mail.order_id ?? null, mail.license_id ?? null, at, at],
  );
  return row!.id;
}

export async function findMail(db: Sql, id: number): Promise<MailRow | undefined> {
  return db.get<MailRow>('SELECT * FROM outbox WHERE id = ?', [id]);
}

/** Queued messages whose time has come: a payment's first, visitors' links last, each oldest first. */
export async function dueMail(db: Sql, now: string, limit: number): Promise<MailRow[]> {
  return db.all<MailRow>(
    `SELECT * FROM outbox WHERE status = 'queued' AND next_attempt_at <= ? ORDER BY ${SENDING_ORDER_SQL} LIMIT ?`,
    [now, limit],
  );
}

/** True when the message is a visitor's link (VISITOR_MAIL_KINDS). */
export function isVisitorMail(row: Pick<MailRow, 'kind'>): boolean {
  return VISITOR_MAIL_KINDS.includes(row.kind);
}

/** When the next queued message is due, if any is queued. */
export async function nextDueAt(db: Sql): Promise<string | undefined> {
  return (
    (await db.get<{ at: string | null }>("SELECT min(next_attempt_at) AS at FROM outbox WHERE status = 'queued'"))
      ?.at ?? undefined
  );
}

/**
 * Attempts cut short by a crash (or a lost database connection) go back to the queue. Call only
 * from the one sender (inside its exclusive job): another sender's attempt is never under way then.
 */
export async function requeueInterrupted(db: Store, at: string): Promise<number> {
  return (await db.run("UPDATE outbox SET status = 'queued', updated_at = ? WHERE status = 'sending'", [at])).changes;
}

/** Marks the attempt as under way (durably, before the SMTP server is contacted); false when the row is no longer queued. */
export async function startAttempt(db: Store, id: number, at: string): Promise<boolean> {
  const { changes } = await db.run(
    "UPDATE outbox SET status = 'sending', attempts = attempts + 1, updated_at = ? WHERE id = ? AND status = 'queued'",
    [at, id],
  );
  return changes === 1;
}

export async function markSent(db: Store, id: number, at: string): Promise<void> {
  await db.run("UPDATE outbox SET status = 'sent', sent_at = ?, last_error = NULL, updated_at = ? WHERE id = ?", [
    at,
    at,
    id,
  ]);
}

/** A failed attempt: queued again for `retryAt`, or `failed` for good when retryAt is undefined. */
export async function markAttemptFailed(
  db: Store,
  id: number,
  error: string,
  at: string,
  retryAt: string | undefined,
): Promise<void> {
  await db.run('UPDATE outbox SET status = ?, last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?', [
    retryAt ? 'queued' : 'failed',
    error,
    retryAt ?? at,
    at,
    id,
  ]);
}

/** A failed message goes back to the queue with its attempts counted afresh; a queued one is tried now. */
export async function retryNow(
  db: Store,
  id: number,
  at: string,
  within?: WithinChange<MailRow>,
): Promise<MailRow | undefined> {
  return db.transaction(async (tx) => {
    const { changes } = await tx.run(
      `UPDATE outbox SET status = 'queued', next_attempt_at = ?, updated_at = ?,
         attempts = CASE WHEN status = 'failed' THEN 0 ELSE attempts END
       WHERE id = ? AND status IN ('queued', 'failed')`,
      [at, at, id],
    );
    if (changes !== 1) return undefined;
    const mail = (await findMail(tx, id))!;
    await within?.(tx, mail);
    return mail;
  });
}

/** How many copies of one message may be queued within `windowMs`, counting back from now. */
export type CopyLimit = { max: number; windowMs: number };

/**
 * A copy of a message already sent, queued as a new message (the sent one stays as it was), unless
 * `limit.max` copies of it (same address, subject and text: copies of copies count too) were queued
 * within the window; then `{ retryAt }`, when the oldest of them leaves the window. Counted inside the
 * transaction, so two clicks at once cannot both pass the limit.
 */
export async function queueCopy(
  db: Store,
  original: MailRow,
  at: string,
  limit: CopyLimit,
  within?: WithinChange<MailRow>,
): Promise<MailRow | { retryAt: string }> {
  return db.transaction(async (tx) => {
    const since = new Date(Date.parse(at) - limit.windowMs).toISOString();
    const copies = await tx.all<{ created_at: string }>(
      `SELECT created_at FROM outbox WHERE kind = 'resend' AND created_at > ? AND to_address = ? AND subject = ? AND body = ?
       ORDER BY created_at LIMIT ?`,
      [since, original.to_address, original.subject, original.body, limit.max],
    );
    if (copies.length >= limit.max)
      return { retryAt: new Date(Date.parse(copies[0]!.created_at) + limit.windowMs).toISOString() };
    const id = await enqueueMailIn(
      tx,
      { ...original, kind: 'resend', order_id: original.order_id, license_id: original.license_id },
      at,
    );
    const copy = (await findMail(tx, id))!;
    await within?.(tx, copy);
    return copy;
  });
}

const STATUS_FILTER = new Set<string>(['queued', 'sending', 'sent', 'failed']);

/** One page of the outbox, newest first, optionally one status and a search in the address or subject. */
export async function findMailPage(
  db: Sql,
  query: { status?: string; search: string; page: number; perPage: number },
): Promise<MailPage> {
  const conditions: Conditions = { where: [], params: [] };
  if (query.status && STATUS_FILTER.has(query.status)) {
    conditions.where.push('status = ?');
    conditions.params.push(query.status);
  }
  if (query.search) containsAny(conditions, ['to_address', 'subject'], likePattern(query.search.toLowerCase()));
  const { rows, total, pages } = await newestFirstPage<MailRow>(db, 'outbox', conditions, query.page, query.perPage);
  return { messages: rows, total, pages };
}

/** Counts for the dashboard: messages waiting to go out, and those the owner's mail the sender gave up on. */
export async function mailCounts(db: Sql): Promise<{ waiting: number; failed: number }> {
  const rows = await db.all<{ status: string; n: number }>(
    `SELECT status, count(*) AS n FROM outbox
     WHERE status IN ('queued', 'sending') OR (status = 'failed' AND ${OWNERS_MAIL_SQL}) GROUP BY status`,
  );
  const count = (status: string): number => rows.find((row) => row.status === status)?.n ?? 0;
  return { waiting: count('queued') + count('sending'), failed: count('failed') };
}
