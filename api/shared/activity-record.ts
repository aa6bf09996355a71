/** An admin change's entry, built by the handler and written in the change's transaction. */
import { recordActivityIn } from '../../data/activity/activity-log';
import type { ActivityActor, ActivityEntry } from '../../data/activity/activity-log';
import type { Transaction } from '../../data/store';

/** What changed, without who and when. */
export type ActivityChange = Omit<ActivityEntry, keyof ActivityActor | 'at'>;

/** Writes `change` as made by `by` at `at`, inside `tx`. */
export function recordChangeIn(tx: Transaction, by: ActivityActor, at: string, change: ActivityChange): Promise<void> {
  return recordActivityIn(tx, { ...by, at, ...change });
}
