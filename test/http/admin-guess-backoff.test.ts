/**
 * Guesses against the admin account from many addresses at once (each under its own per-IP
 * limit): passwords stop at 20 checked per 15 minutes, codes at 10, and filling a window locks the
 * step for longer each time. Code guessing tells the owner: one e-mail, and the Security overview
 * the dashboard counts under Needs Attention.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readStorefrontValues, writeStorefrontValue } from '../../data/storefront-values';
import { ADMIN, call, loginCookie, startServer } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';
import { fixedClock } from './admin-api-helpers';
import { codeAt, codeStep, enrol, passwordStep, wrongCodeAt } from './second-factor-kit';

const clock = fixedClock('2026-11-20T03:00:10.000Z');
const at = (): number => clock.now.getTime();
const later = (minutes: number): void => {
  clock.now = new Date(at() + minutes * 60_000);
};
let address = 0;
/** A fresh address per request: no per-IP limit is ever met. */
const fresh = () => ({ headers: { 'x-forwarded-for': `10.${(++address >> 8) & 255}.${address & 255}.7` } });

const statuses = (answers: ApiAnswer[]): Record<number, number> =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

async function withServer(work: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startServer({ TRUST_PROXY: '1' }, { now: clock.at });
  try {
    await work(server);
  } finally {
    await server.close();
  }
}

const login = (server: TestServer, password: string, username = ADMIN.username) =>
  call(server.url, 'POST', '/api/admin/login', { ...fresh(), body: { username, password } });

test('40 parallel wrong passwords from 40 addresses: 20 are checked, then even the right one waits', async () => {
  await withServer(async (server) => {
    const guesses = await Promise.all(Array.from({ length: 40 }, (_, n) => login(server, `wrong-${n}`)));
    assert.equal(statuses(guesses), { 401: 20, 429: 20 });
    const right = await login(server, ADMIN.password);
    assert.is(right.status, 429, 'the account is locked, whatever the address');
    assert.ok(Number(right.headers.get('retry-after')) > 0);
    assert.is((await login(server, 'x', 'someone-else')).status, 401, 'another name is not locked');
    later(16);
    assert.is((await login(server, ADMIN.password)).status, 200, 'the lock ends after 15 minutes');
  });
});

test('the password lock grows when guessing goes on: 15 minutes, then 30', async () => {
  await withServer(async (server) => {
    for (let round = 1; round <= 2; round++) {
      const guesses = await Promise.all(Array.from({ length: 25 }, (_, n) => login(server, `wrong-${round}-${n}`)));
      assert.is(statuses(guesses)[401], 20, `round ${round}: 20 checked`);
      const wait = Number((await login(server, ADMIN.password)).headers.get('retry-after'));
      const minutes = 15 * 2 ** (round - 1);
      assert.ok(wait > (minutes - 1) * 60 && wait <= minutes * 60, `round ${round}: locked ${wait} s`);
      later(minutes + 1);
    }
    assert.is((await login(server, ADMIN.password)).status, 200);
  });
});

test('wrong codes from many addresses: 10 checked, then locked, escalating; the owner is told once', async () => {
  await withServer(async (server) => {
    const cookie = await loginCookie(server.url);
    const { contacts } = await readStorefrontValues(server.app.ctx.db);
    const owner = { ...contacts, support_email: 'owner@tokoku.id' };
    await writeStorefrontValue(server.app.ctx.db, 'contacts', owner, clock.now.toISOString());
    const { secret } = await enrol(server.url, cookie, at);
    const overview = async () => (await call(server.url, 'GET', '/api/admin/security', { cookie })).json;
    assert.is((await overview()).code_guessing, null, 'nothing to tell before the guessing');
    const securityMails = async () =>
      (await server.app.ctx.db.all<{ to_address: string }>("SELECT to_address FROM outbox WHERE kind = 'security'"))
        .length;

    for (let round = 1; round <= 2; round++) {
      const { pending } = await passwordStep(server.url, fresh());
      const wrong = wrongCodeAt(secret, at());
      const guesses = await Promise.all(
        Array.from({ length: 30 }, () => codeStep(server.url, pending, wrong, fresh())),
      );
      assert.equal(statuses(guesses), { 401: 10, 429: 20 }, `round ${round}`);
      const right = await codeStep(server.url, pending, codeAt(secret, at(), round), fresh());
      assert.is(right.status, 429, `round ${round}: the right code waits too`);
      const minutes = 15 * 2 ** (round - 1);
      const wait = Number(right.headers.get('retry-after'));
      assert.ok(wait > (minutes - 1) * 60 && wait <= minutes * 60, `round ${round}: locked ${wait} s`);
      const guessing = (await overview()).code_guessing as { lockouts: number; locked_for_seconds: number };
      assert.is(guessing.lockouts, round);
      assert.is(guessing.locked_for_seconds, wait);
      assert.is(await securityMails(), 1, 'one e-mail for the incident');
      later(minutes + 1);
    }
    const { pending } = await passwordStep(server.url, fresh());
    assert.is((await codeStep(server.url, pending, codeAt(secret, at(), 1), fresh())).status, 200);
  });
});

test.run();
