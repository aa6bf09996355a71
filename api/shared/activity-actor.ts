/**
 * Who made a change, from the handler's request: every recorder takes one of these, so no
 * handler builds an actor by hand. The IP is the request's (api/http/client-ip.ts rules).
 */
import { adminUsername } from '../../data/activity/admin-name';
import type { ActivityActor } from '../../data/activity/activity-log';
import type { CoreContext } from '../core-context';
import type { ApiRequest } from '../http/api-request';

/** The signed-in admin of an admin call (after the session guard): their username, or "admin". */
export async function adminActor(req: ApiRequest, ctx: Pick<CoreContext, 'db'>): Promise<ActivityActor> {
  if (req.admin) return sessionAdminActor(req, ctx, req.admin.adminId);
  return { actor: 'admin', actorLabel: null, ip: req.ip };
}

/** The admin of a session found outside the admin guard (the dashboard's unbind on a public call). */
export async function sessionAdminActor(
  req: ApiRequest,
  ctx: Pick<CoreContext, 'db'>,
  adminId: number,
): Promise<ActivityActor> {
  return { actor: 'admin', actorLabel: (await adminUsername(ctx.db, adminId)) ?? null, ip: req.ip };
}

/** An admin named before any session exists (a sign-in, a failed sign-in with the username typed). */
export function namedAdminActor(req: ApiRequest, username: string | null): ActivityActor {
  return { actor: 'admin', actorLabel: username, ip: req.ip };
}

/** A buyer on /lisensi (their proven e-mail) or on a public form (the address they typed). */
export function buyerActor(req: ApiRequest, email: string): ActivityActor {
  return { actor: 'buyer', actorLabel: email, ip: req.ip };
}

/** A Lynk.id webhook call: the marketplace, from the address that called. */
export function lynkActor(req: ApiRequest): ActivityActor {
  return { actor: 'lynk', actorLabel: null, ip: req.ip };
}
