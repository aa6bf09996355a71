/**
 * What monitoring reads from the store: the schema version (readiness) and a few counts for the
 * metrics, read at each scrape. The outbox is counted through its status index, never its sent
 * messages. Orders are counted in data/orders.ts (orderEffectiveStatusCounts), by the one status rule.
 */
import { MAIL_STATUSES } from '../contract/rules/vocabulary';
import type { Word } from '../contract/rules/vocabulary';
import { POSTGRES_MIGRATIONS } from './postgres/migrations';
import { MIGRATIONS } from './sqlite/migrations';
import type { Store } from './store';
import { OWNERS_MAIL_SQL } from './outbox';

export type SchemaState = { version: number; expected: number };

/** The schema version the store records, and the one this build migrates to. */
export async function schemaState(db: Store): Promise<SchemaState> {
  if (db.engine === 'postgres') {
    const row = await db.get<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    return { version: Number(row?.version ?? 0), expected: POSTGRES_MIGRATIONS.length };
  }
  const row = await db.get<{ user_version: number }>('PRAGMA user_version');
  return { version: Number(row?.user_version ?? 0), expected: MIGRATIONS.length };
}

export type OutboxFigures = {
  /** Messages waiting or being sent (sent ones are left out: they are most of the table). */
  byStatus: Record<Exclude<Word<typeof MAIL_STATUSES>, 'sent'>, number>;
  /** When the oldest still-queued message was written; undefined when none is queued. */
  oldestQueuedAt: string | undefined;
};

/**
 * Read through the outbox's (status, next_attempt_at) index: the sent messages are never counted.
 * `failed` and the oldest queued message are the owner's mail only: a visitor's link to an address
 * the mail server refuses is not an incident (OWNERS_MAIL_SQL).
 */
export async function outboxFigures(db: Store): Promise<OutboxFigures> {
  const rows = await db.all<{ status: string; n: number }>(
    `SELECT status, count(*) AS n FROM outbox
     WHERE status IN ('queued', 'sending') OR (status = 'failed' AND ${OWNERS_MAIL_SQL}) GROUP BY status`,
  );
  const byStatus = { queued: 0, sending: 0, failed: 0 };
  for (const row of rows) if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] = Number(row.n);
  const oldest = await db.get<{ at: string | null }>(
    `SELECT min(created_at) AS at FROM outbox WHERE status = 'queued' AND ${OWNERS_MAIL_SQL}`,
  );
  return { byStatus, oldestQueuedAt: oldest?.at ?? undefined };
}
