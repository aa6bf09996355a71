/**
 * The one session mechanism of both sign-ins, the owner's (`loop_session`) and the buyer's on
 * /lisensi (`loop_buyer`): a random token in an HttpOnly cookie whose hash alone is kept in the
 * database, so every instance knows every session and ending one ends it everywhere. A kind of
 * session says where its rows are and when one is still valid; reading the cookie, writing the
 * last-seen time and guarding a call are the same for both, here.
 */
import type { Sql } from '../../data/store';
import type { CoreContext } from '../core-context';
import type { ApiRequest, Handler, HandlerContext } from '../http/api-request';
import { hashToken, isToken, readCookie } from '../http/cookies';
import { rejectCrossSite } from '../http/cross-site';
import { HttpError } from '../http/http-error';

/** The last-seen time is written at most this often: a session read on every call must not write on every call. */
export const SESSION_TOUCH_EVERY_MS = 5 * 60 * 1000;

/** What a session lookup needs of the handler's context. */
export type SessionContext = Pick<CoreContext, 'db' | 'now' | 'config'>;

export type SessionKind<Identity> = {
  cookie: string;
  /** The session the token's hash names if it is still valid at `now` (ms), with when it was last seen (ms). */
  lookUp: (
    ctx: SessionContext,
    tokenHash: string,
    now: number,
  ) => Promise<{ identity: Identity; lastSeenMs: number } | undefined>;
  touch: (db: Sql, tokenHash: string, now: Date) => Promise<unknown>;
};

/** The valid session of this kind the request's cookie names, its last-seen time written when it is old enough. */
export async function findSessionOf<Identity>(
  kind: SessionKind<Identity>,
  ctx: SessionContext,
  req: ApiRequest,
): Promise<Identity | undefined> {
  const token = readCookie(req, kind.cookie);
  if (!token || !isToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const found = await kind.lookUp(ctx, tokenHash, now.getTime());
  if (!found) return undefined;
  if (now.getTime() - found.lastSeenMs > SESSION_TOUCH_EVERY_MS && ctx.db.writable) {
    await kind.touch(ctx.db, tokenHash, now).catch(() => undefined);
  }
  return found.identity;
}

/**
 * The guard of every call that needs a session of this kind: 401 without one (a session of the
 * other kind is not one), 403 for a cross-site change; the handler then finds it on the request.
 */
export function sessionGuard<Identity>(
  kind: SessionKind<Identity>,
  keep: (req: ApiRequest, identity: Identity) => void,
): <Ctx extends HandlerContext & SessionContext>(handler: Handler<Ctx>) => Handler<Ctx> {
  return (handler) => async (req, ctx) => {
    const identity = await findSessionOf(kind, ctx, req);
    if (identity === undefined) throw new HttpError(401, 'Unauthorized');
    if (req.method !== 'GET' && req.method !== 'HEAD') rejectCrossSite(req);
    keep(req, identity);
    return handler(req, ctx);
  };
}

/** A session cookie's Set-Cookie value (an empty value with max-age 0 ends it). */
export function sessionCookie(
  req: ApiRequest,
  cookie: { name: string; value: string; maxAgeSeconds: number; sameSite: 'Strict' | 'Lax'; path?: string },
): string {
  const secure = req.secure ? '; Secure' : '';
  return `${cookie.name}=${cookie.value}; HttpOnly; SameSite=${cookie.sameSite}; Path=${cookie.path ?? '/'}; Max-Age=${cookie.maxAgeSeconds}${secure}`;
}
