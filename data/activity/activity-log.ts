/**
 * The activity log: every change anyone made, one row each, written in the transaction of the
 * change (so a change that fails leaves none). Append-only: the table's triggers refuse UPDATE
 * and DELETE in both engines, and nothing here offers either (docs/spec.md#activity-log).
 */
import type { ActivityAction, ActivityActorKind, ActivityObjectType } from '../../contract/rules/activity-words';
import type { Transaction } from '../store';

/** Who made a change and from where (see api/activity/actor.ts, which builds it from a request). */
export type ActivityActor = {
  actor: ActivityActorKind;
  /** The admin's username, the buyer's e-mail; null for Lynk.id and the system. */
  actorLabel: string | null;
  ip: string | null;
};

/** The server's own jobs (reminders, scheduled backups, a restore): no request, no address. */
export const SYSTEM_ACTOR: ActivityActor = { actor: 'system', actorLabel: null, ip: null };

export type ActivityEntry = ActivityActor & {
  /** UTC ISO time of the change (toISOString format). */
  at: string;
  action: ActivityAction;
  objectType: ActivityObjectType | null;
  objectId: string | null;
  /** Short English text for people, e.g. "expiry 2026-12-01 → 2027-01-01". */
  summary: string;
  /** What the object was and became (JSON-able, no secrets); null when it did not exist. */
  before: unknown;
  after: unknown;
};

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** The only way to write an entry: call it inside the transaction that makes the change. */
export async function recordActivityIn(tx: Transaction, entry: ActivityEntry): Promise<void> {
  await tx.run(
    `INSERT INTO activity_log (at, actor, actor_label, ip, action, object_type, object_id, summary, before_json, after_json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      entry.at,
      entry.actor,
      entry.actorLabel,
      entry.ip,
      entry.action,
      entry.objectType,
      entry.objectId,
      entry.summary,
      json(entry.before),
      json(entry.after),
    ],
  );
}

/**
 * Work a data function runs inside its own transaction once the change is made (not when it
 * finds nothing to change): the handler's activity entry, so it commits with the change or not at all.
 */
export type WithinChange<Result> = (tx: Transaction, result: Result) => Promise<void>;
