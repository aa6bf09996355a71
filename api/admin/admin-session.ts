import { createHash, randomBytes } from 'node:crypto';
import { countAdmins, createAdmin, findAdminByUsername } from '../../data/admins';
import { deleteExpiredSessions, deleteSession, findSession, insertSession, touchSession } from '../../data/sessions';
import type { AppContext } from '../context';
import { HttpError, readJson, reply } from '../http/http';
import type { AdminIdentity, ApiRequest, Handler } from '../http/http';
import { generatePassword, hashPassword, verifyPassword } from './passwords';
import { KeyedQueue } from '../common/keyed-queue';
import { RateLimiter } from '../common/rate-limit';

export const SESSION_COOKIE = 'loop_session';
const TOUCH_EVERY_MS = 5 * 60 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function readCookie(req: ApiRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function sessionCookie(req: ApiRequest, value: string, maxAgeSeconds: number): string {
  const secure = req.secure ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Creates the one admin on first start; prints a generated password once when none is configured. */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  if ((await countAdmins(ctx.db)) > 0) return;
  const password = ctx.config.adminPassword ?? generatePassword();
  await createAdmin(ctx.db, ctx.config.adminUsername, await hashPassword(password), ctx.now().toISOString());
  if (!ctx.config.adminPassword) {
    console.log(
      `\n  Admin account created: username "${ctx.config.adminUsername}", password "${password}"\n` +
        '  It is shown only this once. Change it any time with: npm run admin:password\n',
    );
  }
}

/**
 * The admin session the request's cookie names, if it is still valid (not past its absolute
 * expiry, not idle too long). Refreshes its last-seen time at most every few minutes.
 */
export async function findAdminSession(ctx: AppContext, req: ApiRequest): Promise<AdminIdentity | undefined> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await findSession(ctx.db, tokenHash);
  const now = ctx.now().getTime();
  const idleMs = ctx.config.sessionIdleHours * 3600 * 1000;
  if (!session || session.expires_at <= now || session.last_seen_at + idleMs <= now) return undefined;
  if (now - session.last_seen_at > TOUCH_EVERY_MS && ctx.db.writable) {
    await touchSession(ctx.db, tokenHash, now).catch(() => undefined);
  }
  return { adminId: session.admin_id, tokenHash };
}

export function adminSession(ctx: AppContext): {
  check: Handler;
  login: Handler;
  logout: Handler;
  adminOnly: (handler: Handler) => Handler;
} {
  const { db, config } = ctx;
  const idleMs = config.sessionIdleHours * 3600 * 1000;
  const maxMs = config.sessionMaxDays * 24 * 3600 * 1000;
  const failures = new RateLimiter(config.loginMaxFailures, LOGIN_WINDOW_MS, () => ctx.now().getTime());
  const loginQueue = new KeyedQueue();
  // The same work whether or not the user exists, so timing does not reveal user names.
  const dummyHash = hashPassword(generatePassword());

  const sweep = setInterval(() => {
    void deleteExpiredSessions(db, ctx.now().getTime(), idleMs).catch(() => undefined);
  }, 3600 * 1000);
  sweep.unref();
  ctx.onClose(() => clearInterval(sweep));

  const currentSession = (req: ApiRequest): Promise<AdminIdentity | undefined> => findAdminSession(ctx, req);

  return {
    async check(req) {
      return { success: true, logged_in: (await currentSession(req)) !== undefined };
    },

    async login(req) {
      const body = await readJson(req);
      const username = typeof body.username === 'string' ? body.username.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      if (!username || !password) throw new HttpError(400, 'Username and password are required');
      rejectCrossSite(req);
      // One attempt at a time per IP: parallel guesses cannot all pass the limit while their
      // (slow) password checks run, and parallel good logins are never counted as failures.
      const admin = await loginQueue.run(req.ip, async () => {
        const wait = failures.blockedFor(req.ip);
        if (wait > 0) {
          throw new HttpError(429, `Too many failed logins. Try again in ${Math.ceil(wait / 60)} minutes.`, {
            'Retry-After': String(wait),
          });
        }
        const found = await findAdminByUsername(db, username.slice(0, 200));
        const valid = await verifyPassword(password.slice(0, 1000), found?.password_hash ?? (await dummyHash));
        if (!found || !valid) {
          failures.hit(req.ip);
          throw new HttpError(401, 'Invalid username or password');
        }
        failures.reset(req.ip);
        return found;
      });
      // Always a fresh token: a cookie planted before login never becomes a session.
      const previous = readCookie(req, SESSION_COOKIE);
      if (previous) await deleteSession(db, hashToken(previous));
      const token = randomBytes(32).toString('base64url');
      const now = ctx.now().getTime();
      await insertSession(db, {
        token_hash: hashToken(token),
        admin_id: admin.id,
        created_at: now,
        last_seen_at: now,
        expires_at: now + maxMs,
      });
      return reply(200, { success: true }, { 'Set-Cookie': sessionCookie(req, token, Math.floor(maxMs / 1000)) });
    },

    async logout(req) {
      rejectCrossSite(req);
      const token = readCookie(req, SESSION_COOKIE);
      if (token) await deleteSession(db, hashToken(token));
      return reply(200, { success: true }, { 'Set-Cookie': sessionCookie(req, '', 0) });
    },

    adminOnly(handler) {
      return async (req) => {
        const session = await currentSession(req);
        if (!session) throw new HttpError(401, 'Unauthorized');
        if (req.method !== 'GET' && req.method !== 'HEAD') rejectCrossSite(req);
        req.admin = session;
        return handler(req);
      };
    },
  };
}

/** Mutating admin calls must come from our own pages (SameSite cookies plus this check). */
function rejectCrossSite(req: ApiRequest): void {
  const origin = req.headers.origin;
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Cross-site request refused');
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new HttpError(403, 'Cross-site request refused');
  }
  const expected = req.config.trustProxy ? String(req.headers['x-forwarded-host'] ?? req.headers.host) : req.headers.host;
  if (host !== expected) throw new HttpError(403, 'Cross-site request refused');
}
