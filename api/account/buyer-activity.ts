/**
 * The buyer's steps on /lisensi in the activity log (docs/spec.md#activity-log), each written in
 * the transaction of its change: a link e-mailed, a link used to sign in, signing out.
 */
import type { ActivityAction } from '../../contract/rules/activity-words';
import type { Transaction } from '../../data/store';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordChangeIn } from '../shared/activity-record';

export function recordBuyerStepIn(
  tx: Transaction,
  by: ActivityActor,
  at: string,
  action: Extract<ActivityAction, `buyer.${string}`>,
  summary: string,
  after: Record<string, unknown> | null = null,
): Promise<void> {
  return recordChangeIn(tx, by, at, { action, objectType: 'session', objectId: null, summary, before: null, after });
}
