import { recordActivityIn } from '../../data/activity/activity-log';
import type { ActivityActor, ActivityEntry } from '../../data/activity/activity-log';
import { adminUsername } from '../../data/activity/admin-name';
import type { Transaction } from '../../data/store';
import { namedAdminActor } from '../shared/activity-actor';
import type { ApiRequest } from '../http/api-request';

export type SessionEntry = Omit<ActivityEntry, keyof ActivityActor | 'objectType'>;

/**
 * An activity entry about one admin session (signing in or out), under the name of that
 * session's admin: the request is outside the admin guard, so the name is read here, in the
 * transaction that opens or ends the session.
 */
export async function recordSessionEntryIn(
  tx: Transaction,
  req: ApiRequest,
  adminId: number,
  entry: SessionEntry,
): Promise<void> {
  const username = (await adminUsername(tx, adminId)) ?? null;
  await recordActivityIn(tx, { ...namedAdminActor(req, username), objectType: 'session', ...entry });
}
