/**
 * Signing in to /lisensi by e-mailed link: the same answer for known and unknown addresses, a
 * link that works once and for 15 minutes, the limits, and sessions apart from the admin's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { LINKS_PER_IPV4_HOUR } from '../../api/account/buyer-services';
import { buyerCookieOf, freshIp, licenseOf, mailedToken, openLink, signIn, signInMails } from './buyer-helpers';

let server: TestServer;
let clock = Date.parse('2026-11-27T03:00:00.000Z');
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1' }, { now: () => new Date(clock) });
});
test.after(async () => {
  await server.close();
});

const ask = (email: string, headers = freshIp()) =>
  call(server.url, 'POST', '/api/account/link', { body: { email }, headers });

test('a known and an unknown address get the same answer; only the known one is mailed a link', async () => {
  await licenseOf(server, 'Known.Buyer@Example.com');
  const known = await ask('  known.buyer@example.COM ');
  const unknown = await ask('nobody-bought@example.com');
  assert.equal([known.status, known.json], [unknown.status, unknown.json]);
  assert.is(known.status, 200);
  assert.is(await signInMails(server.app.ctx.db, 'known.buyer@example.com'), 1);
  assert.is(await signInMails(server.app.ctx.db, 'nobody-bought@example.com'), 0);
  const body = await server.app.ctx.db.get<{ body: string }>("SELECT body FROM outbox WHERE kind = 'sign_in'");
  assert.match(body!.body, /\/lisensi#token=/);
  assert.match(body!.body, /WIB/);
});

test('a link works once: the second opening is refused, the session it started reads the account', async () => {
  await licenseOf(server, 'once@example.com');
  await ask('once@example.com');
  const token = (await mailedToken(server.app.ctx.db, 'once@example.com'))!;
  const first = await openLink(server.url, token);
  assert.is(first.status, 200, first.text);
  const setCookie = first.headers.get('set-cookie')!;
  assert.match(setCookie, /^loop_buyer=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000$/);
  const again = await openLink(server.url, token);
  assert.equal([again.status, again.json.error], [400, 'This link is no longer valid']);
  const account = await call(server.url, 'GET', '/api/account', { cookie: buyerCookieOf(first) });
  assert.equal([account.status, account.json.email], [200, 'once@example.com']);
});

test('a link no longer works after 15 minutes', async () => {
  await licenseOf(server, 'late@example.com');
  await ask('late@example.com');
  const token = (await mailedToken(server.app.ctx.db, 'late@example.com'))!;
  clock += 15 * 60 * 1000;
  const late = await openLink(server.url, token);
  assert.equal([late.status, late.json.error], [400, 'This link is no longer valid']);
  await ask('late@example.com');
  clock += 14 * 60 * 1000;
  assert.is((await openLink(server.url, (await mailedToken(server.app.ctx.db, 'late@example.com'))!)).status, 200);
});

test('3 link requests an hour per address, known or not, then 429 with Retry-After and the wait in words', async () => {
  await licenseOf(server, 'limited@example.com');
  for (const email of ['limited@example.com', 'limited-unknown@example.com']) {
    for (let i = 0; i < 3; i++) assert.is((await ask(email)).status, 200);
    const refused = await ask(email);
    assert.is(refused.status, 429, refused.text);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.match(String(refused.json.error), /Coba lagi dalam \d+ menit/);
  }
  assert.is(await signInMails(server.app.ctx.db, 'limited@example.com'), 3);
});

test('link requests per IPv4 address are limited too, at a ceiling sized for carrier-shared addresses', async () => {
  const ip = { 'x-forwarded-for': '203.0.113.77' };
  let status = 0;
  for (let i = 0; i <= LINKS_PER_IPV4_HOUR; i++) status = (await ask(`ip-${i}@example.com`, ip)).status;
  assert.is(status, 429);
});

test('an admin cookie is no buyer session, and a buyer cookie opens nothing of the admin', async () => {
  await licenseOf(server, 'apart@example.com');
  const buyer = await signIn(server, 'apart@example.com');
  const admin = await loginCookie(server.url);
  for (const [method, path] of [
    ['GET', '/api/account'],
    ['GET', '/api/account/licenses/1/history'],
    ['POST', '/api/account/logout-all'],
  ] as const) {
    const answer = await call(server.url, method, path, { cookie: admin });
    assert.equal([answer.status, answer.json.error], [401, 'Unauthorized'], path);
  }
  assert.is((await call(server.url, 'GET', '/api/account/check', { cookie: admin })).json.signed_in, false);
  for (const [method, path] of [
    ['GET', '/api/license/list'],
    ['GET', '/api/order/list'],
    ['POST', '/api/license/create'],
  ] as const) {
    const answer = await call(server.url, method, path, { cookie: buyer, body: method === 'POST' ? {} : undefined });
    assert.is(answer.status, 401, path);
  }
  assert.is((await call(server.url, 'GET', '/api/admin/check', { cookie: buyer })).json.logged_in, false);
});

test('sign out ends this session; sign out everywhere ends every session of the address', async () => {
  await licenseOf(server, 'leaving@example.com');
  const [one, two, three] = [
    await signIn(server, 'leaving@example.com'),
    await signIn(server, 'leaving@example.com'),
    await signIn(server, 'leaving@example.com'),
  ];
  await call(server.url, 'POST', '/api/account/logout', { cookie: one });
  assert.is((await call(server.url, 'GET', '/api/account', { cookie: one })).status, 401);
  assert.is((await call(server.url, 'GET', '/api/account', { cookie: two })).status, 200);
  const all = await call(server.url, 'POST', '/api/account/logout-all', { cookie: two });
  assert.is(all.status, 200);
  for (const cookie of [two, three]) assert.is((await call(server.url, 'GET', '/api/account', { cookie })).status, 401);
});

test('a session ends after 30 idle days', async () => {
  await licenseOf(server, 'idle@example.com');
  const cookie = await signIn(server, 'idle@example.com');
  clock += 29 * 24 * 3600 * 1000;
  assert.is((await call(server.url, 'GET', '/api/account', { cookie })).status, 200);
  clock += 29 * 24 * 3600 * 1000;
  assert.is((await call(server.url, 'GET', '/api/account', { cookie })).status, 200, 'use keeps it alive');
  clock += 31 * 24 * 3600 * 1000;
  assert.is((await call(server.url, 'GET', '/api/account', { cookie })).status, 401);
});

test.run();
