/** Buyers for the /lisensi tests: licences and records of an address, its e-mailed link, its session. */
import { randomUUID } from 'node:crypto';
import * as assert from 'uvu/assert';
import { answeredWorkSettled } from '../../api/shared/after-answer';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { importLicenses } from '../../data/licenses/licenses';
import { createLoopstream } from '../../data/loopstreams';
import type { Sql } from '../../data/store';
import { call } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';

export const DAY_MS = 24 * 3600 * 1000;

/** A LoopBOT licence of `email`, straight through the data layer. */
export async function licenseOf(
  server: TestServer,
  email: string,
  expiresInDays = 30,
): Promise<{ id: number; key: string }> {
  const key = randomUUID();
  const now = server.app.ctx.now();
  const [id] = await importLicenses(
    server.app.ctx.db,
    [
      {
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email,
        app_type: 'loopbot',
        status: 'active',
        expired_date: new Date(now.getTime() + expiresInDays * DAY_MS).toISOString(),
        device_id: null,
        device_name: null,
        device_activated_at: null,
        created_at: now.toISOString(),
      },
    ],
    now.toISOString(),
  );
  return { id: id!, key };
}

export async function loopstreamOf(server: TestServer, email: string | null): Promise<number> {
  const row = await createLoopstream(
    server.app.ctx.db,
    {
      package_type: 'Set 2',
      customer_name: 'Budi',
      ip_server: '203.0.113.9:5000',
      expired_date: '2030-01-01T00:00:00.000Z',
      buyer_email: email,
    },
    server.app.ctx.now().toISOString(),
  );
  return row.id;
}

/**
 * The token of the newest link e-mailed to `email` (from the outbox), or undefined. A sign-in link
 * is stored after its request was answered: the work this process started is awaited first. A
 * server in another process (two instances) stores it on its own time: the row is waited for, and
 * with `previous` (the token of an earlier link to the same address) a newer one.
 */
export async function mailedToken(db: Sql, email: string, previous?: string): Promise<string | undefined> {
  await answeredWorkSettled();
  for (const until = Date.now() + 10_000; ;) {
    const row = await db.get<{ body: string }>(
      "SELECT body FROM outbox WHERE kind = 'sign_in' AND to_address = ? ORDER BY id DESC LIMIT 1",
      [email],
    );
    const token = row ? /#token=([A-Za-z0-9_-]{43})/.exec(row.body)?.[1] : undefined;
    if ((token !== undefined && token !== previous) || Date.now() > until) return token;
    await new Promise((next) => setTimeout(next, 20));
  }
}

export async function signInMails(db: Sql, email: string): Promise<number> {
  await answeredWorkSettled();
  return Number(
    (await db.get<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE kind = 'sign_in' AND to_address = ?", [email]))
      ?.n ?? 0,
  );
}

export function openLink(url: string, token: string, cookie?: string): Promise<ApiAnswer> {
  return call(url, 'POST', '/api/account/session', { body: { token }, cookie });
}

/** The `loop_buyer=...` pair an answer sets. */
export function buyerCookieOf(answer: ApiAnswer): string {
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  assert.ok(
    cookie?.startsWith('loop_buyer=') && cookie.length > 20,
    `no buyer cookie: ${answer.status} ${answer.text}`,
  );
  return cookie!;
}

let lastIp = 0;
/** A fresh client address for each sign-in (servers run with TRUST_PROXY), so the per-IP limit is not what a test meets. */
export function freshIp(): Record<string, string> {
  lastIp++;
  return { 'x-forwarded-for': `198.51.${Math.floor(lastIp / 250)}.${lastIp % 250}` };
}

/** Asks for a link for `email` and opens it: the buyer's cookie. */
export async function signIn(server: TestServer, email: string): Promise<string> {
  const asked = await call(server.url, 'POST', '/api/account/link', { body: { email }, headers: freshIp() });
  assert.is(asked.status, 200, asked.text);
  const token = await mailedToken(server.app.ctx.db, email.trim().toLowerCase());
  assert.ok(token, `no link mailed to ${email}`);
  return buyerCookieOf(await openLink(server.url, token!));
}
