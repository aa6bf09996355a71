/**
 * Ending admin sessions with their activity entry in the same transaction: signing out (the
 * session of the request's cookie) and ending another session from the Security view.
 */
import { recordActivityIn } from '../../data/activity/activity-log';
import { deleteSession, deleteSessionByPublicId, findSession } from '../../data/sessions';
import type { ActivityActor } from '../../data/activity/activity-log';
import type { AppContext } from '../context';
import type { ApiRequest } from '../http/api-request';
import { deviceName } from './device-name';
import { recordSessionEntryIn } from './session-entry';

/** Signs out the session whose token hash the cookie gives; nothing is recorded when it had ended already. */
export async function endSessionLogged(req: ApiRequest, ctx: AppContext, tokenHash: string): Promise<void> {
  const at = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    const session = await findSession(tx, tokenHash);
    if (!session) return;
    await deleteSession(tx, tokenHash);
    await recordSessionEntryIn(tx, req, session.admin_id, {
      at,
      action: 'admin.sign_out',
      objectId: session.public_id,
      summary: `signed out on ${deviceName(session.user_agent)}`,
      before: { session: session.public_id },
      after: null,
    });
  });
}

/** Ends one of the admin's other sessions by its public id; false when there is none. */
export async function endOtherSessionLogged(
  ctx: AppContext,
  by: ActivityActor,
  adminId: number,
  publicId: string,
): Promise<boolean> {
  const at = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    if (!(await deleteSessionByPublicId(tx, adminId, publicId))) return false;
    await recordActivityIn(tx, {
      ...by,
      at,
      action: 'admin.session_ended',
      objectType: 'session',
      objectId: publicId,
      summary: `ended the session ${publicId}`,
      before: { session: publicId },
      after: null,
    });
    return true;
  });
}
