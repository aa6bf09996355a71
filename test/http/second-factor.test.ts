import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { fixedClock } from './admin-api-helpers';
import { codeAt, codeStep, cookieOf, enrol, passwordStep, wrongCodeAt } from './second-factor-kit';

const clock = fixedClock('2026-11-20T03:00:10.000Z');
const at = (): number => clock.now.getTime();
const twoFactor = suite('second factor');
let server: TestServer;
let cookie = '';
let secret = '';
let recovery: string[] = [];

twoFactor.before(async () => {
  server = await startServer({ LOGIN_MAX_FAILURES: '50' }, { now: clock.at });
  cookie = await loginCookie(server.url);
  ({ secret, codes: recovery } = await enrol(server.url, cookie, at));
});
twoFactor.after(async () => server.close());

const signedIn = async (sessionCookie: string | undefined): Promise<boolean> =>
  sessionCookie !== undefined &&
  (await call(server.url, 'GET', '/api/admin/check', { cookie: sessionCookie })).json.logged_in === true;

twoFactor('set-up gives ten distinct recovery codes and the overview says it is on', async () => {
  assert.is(new Set(recovery).size, 10);
  const overview = await call(server.url, 'GET', '/api/admin/security', { cookie });
  assert.is(overview.json.totp_enabled, true);
  assert.is(overview.json.recovery_codes_left, 10);
  const again = await call(server.url, 'POST', '/api/admin/security/totp/start', { cookie });
  assert.is(again.status, 409, 'a second set-up cannot replace the secret unseen');
});

twoFactor('the password alone gives no session, only a pending code step', async () => {
  const { answer, pending } = await passwordStep(server.url);
  assert.is(answer.status, 200);
  assert.is(answer.json.second_factor, 'required');
  assert.is(cookieOf(answer, 'loop_session'), undefined, 'no session cookie before the code');
  assert.ok(pending, 'a pending cookie');
  assert.is(await signedIn(pending), false);
  const noPending = await codeStep(server.url, '', codeAt(secret, at(), 1));
  assert.is(noPending.status, 401, 'a code without the password step is refused');
});

twoFactor('a wrong code is refused; a right one signs in once; the same code again is refused', async () => {
  const first = await passwordStep(server.url);
  const wrongCode = wrongCodeAt(secret, at());
  const wrong = await codeStep(server.url, first.pending, wrongCode);
  assert.is(wrong.status, 401);
  assert.is(wrong.json.error, 'Wrong code');
  assert.is(cookieOf(wrong, 'loop_session'), undefined);
  const code = codeAt(secret, at(), 1);
  const right = await codeStep(server.url, first.pending, code);
  assert.is(right.status, 200, right.text);
  assert.ok(await signedIn(cookieOf(right, 'loop_session')));
  const second = await passwordStep(server.url);
  const reused = await codeStep(server.url, second.pending, code);
  assert.is(reused.status, 401, 'a code counts once');
  assert.match(String(reused.json.error), 'already used');
  const older = await codeStep(server.url, second.pending, codeAt(secret, at(), 0));
  assert.is(older.status, 401, 'an earlier step than the last used one is refused too');
  assert.is(cookieOf(reused, 'loop_session'), undefined);
});

twoFactor('a recovery code works once; the pending step is used up by its sign-in', async () => {
  const first = await passwordStep(server.url);
  const used = await codeStep(server.url, first.pending, recovery[0]!.toUpperCase().replace(/-/g, ' '));
  assert.is(used.status, 200, used.text);
  assert.ok(await signedIn(cookieOf(used, 'loop_session')));
  const replayedPending = await codeStep(server.url, first.pending, recovery[1]!);
  assert.is(replayedPending.status, 401, 'the pending login ended with its sign-in');
  const second = await passwordStep(server.url);
  const again = await codeStep(server.url, second.pending, recovery[0]!);
  assert.is(again.status, 401, 'a recovery code works once');
  assert.is((await call(server.url, 'GET', '/api/admin/security', { cookie })).json.recovery_codes_left, 9);
});

twoFactor('the pending step expires after 5 minutes', async () => {
  const { pending } = await passwordStep(server.url);
  clock.now = new Date(clock.now.getTime() + 5 * 60_000 + 1000);
  const late = await codeStep(server.url, pending, codeAt(secret, at()));
  assert.is(late.status, 401);
  assert.match(String(late.json.error), 'password first');
});

twoFactor('the sessions list shows each session with device and IP; ending one signs it out', async () => {
  const headers = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' };
  const { pending } = await passwordStep(server.url, { headers });
  clock.now = new Date(clock.now.getTime() + 60_000);
  const phone = cookieOf(await codeStep(server.url, pending, codeAt(secret, at()), { headers }), 'loop_session');
  assert.ok(await signedIn(phone));
  const list = await call(server.url, 'GET', '/api/admin/security', { cookie });
  const sessions = list.json.sessions as Array<{ id: string; device: string; ip: string; current: boolean }>;
  assert.is(sessions.filter((session) => session.current).length, 1);
  const phoneRow = sessions.find((session) => session.device === 'Chrome on Android');
  assert.ok(phoneRow, JSON.stringify(sessions));
  assert.is(phoneRow!.ip, '127.0.0.1');
  assert.is((await call(server.url, 'DELETE', `/api/admin/sessions/${phoneRow!.id}`, { cookie })).status, 200);
  assert.is(await signedIn(phone), false, 'the ended session no longer works');
  assert.ok(await signedIn(cookie), 'the current one still does');
  assert.is((await call(server.url, 'DELETE', `/api/admin/sessions/${phoneRow!.id}`, { cookie })).status, 404);
  assert.is((await call(server.url, 'DELETE', '/api/admin/sessions/nothing', { cookie })).status, 404);
});

twoFactor('turning it off needs a code; then the password alone signs in again', async () => {
  const wrong = await call(server.url, 'POST', '/api/admin/security/totp/disable', {
    cookie,
    body: { code: wrongCodeAt(secret, at()) },
  });
  assert.is(wrong.status, 400);
  clock.now = new Date(clock.now.getTime() + 60_000);
  const off = await call(server.url, 'POST', '/api/admin/security/totp/disable', {
    cookie,
    body: { code: codeAt(secret, at()) },
  });
  assert.is(off.status, 200, off.text);
  const { answer } = await passwordStep(server.url);
  assert.is(answer.json.second_factor, undefined);
  assert.ok(await signedIn(cookieOf(answer, 'loop_session')));
});

twoFactor.run();

const throttle = suite('second factor throttle');
throttle('wrong codes count on the failed-login limit: then even the right code waits', async () => {
  const local = await startServer({ LOGIN_MAX_FAILURES: '3' });
  try {
    const localCookie = await loginCookie(local.url);
    const { secret: localSecret } = await enrol(local.url, localCookie, () => Date.now());
    const { pending } = await passwordStep(local.url);
    for (let attempt = 0; attempt < 3; attempt++)
      assert.is((await codeStep(local.url, pending, wrongCodeAt(localSecret, Date.now()))).status, 401);
    const locked = await codeStep(local.url, pending, codeAt(localSecret, Date.now(), 1));
    assert.is(locked.status, 429);
    assert.ok(locked.headers.get('retry-after'));
    assert.is((await passwordStep(local.url)).answer.status, 429, 'the password step is locked as well');
  } finally {
    await local.close();
  }
});
throttle.run();

const challenges = suite('passkey challenges');
challenges('a passkey challenge is a row until it expires: 60 per IP in 15 minutes, then 429', async () => {
  const local = await startServer();
  try {
    // Passkeys need a domain: the same server at http://localhost.
    const base = local.url.replace('127.0.0.1', 'localhost');
    const first = await call(base, 'POST', '/api/admin/passkey/options');
    assert.is(first.status, 200, first.text);
    assert.is((first.json.options as { rpId: string }).rpId, 'localhost');
    for (let index = 1; index < 60; index++) await call(base, 'POST', '/api/admin/passkey/options');
    const over = await call(base, 'POST', '/api/admin/passkey/options');
    assert.is(over.status, 429);
    assert.ok(over.headers.get('retry-after'));
  } finally {
    await local.close();
  }
});
challenges.run();
