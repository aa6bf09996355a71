/**
 * The admin's sessions in the activity log: sign-in, failed sign-in (the username typed, never the
 * password; a flood from one address at most one entry a minute, with a count), sign-out, another
 * session ended, the authenticator app on and off, a passkey removed. Refused changes record nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertPasskey } from '../../data/passkeys';
import { ADMIN, call, startServer } from '../harness';
import type { ApiAnswer } from '../harness';
import { activitySuite, onlyAdminEntry } from './activity-helpers';
import type { Entry } from './activity-helpers';
import { codeAt, cookieOf, wrongCodeAt } from './second-factor-kit';

const log = activitySuite(test);
const WRONG = 'not-the-password-7';

function signIn(ip: string, password = ADMIN.password, username = ADMIN.username): Promise<ApiAnswer> {
  return call(log.server.url, 'POST', '/api/admin/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0' },
  });
}

function only(entries: Entry[], ip: string, action: string, label: string | null): Entry {
  assert.is(entries.length, 1, JSON.stringify(entries));
  const entry = entries[0]!;
  assert.equal([entry.actor, entry.actor_label, entry.ip, entry.action], ['admin', label, ip, action]);
  return entry;
}

test('a sign-in leaves one entry naming the admin, the address, the new session and how', async () => {
  let answer: ApiAnswer | undefined;
  const entry = only(
    await log.added(async () => (answer = await signIn('203.0.113.10'))),
    '203.0.113.10',
    'admin.sign_in',
    'admin',
  );
  assert.is(answer!.status, 200);
  assert.is(entry.object_type, 'session');
  assert.match(String(entry.object_id), /^[0-9a-f]{16}$/);
  assert.equal(entry.after, { session: entry.object_id, method: 'password', device: 'Chrome on Windows' });
  assert.is(entry.summary, 'signed in with password on Chrome on Windows');
});

test('failed sign-ins: the username typed, never the password; one entry a minute per address, with a count', async () => {
  const ip = '203.0.113.20';
  const first = only(
    await log.added(async () => assert.is((await signIn(ip, WRONG)).status, 401)),
    ip,
    'admin.sign_in_failed',
    'admin',
  );
  assert.equal(first.after, { username: 'admin', reason: 'wrong password', attempts: 1 });
  assert.is(JSON.stringify(first).includes(WRONG), false, 'the password is never recorded');
  const flood = await log.added(async () => {
    for (let attempt = 0; attempt < 5; attempt++) await signIn(ip, WRONG, attempt % 2 ? 'root' : ADMIN.username);
  });
  assert.equal(flood, [], 'the rest of the minute, refused attempts (401 then 429) are only counted');
  only(
    await log.added(async () => assert.is((await signIn('203.0.113.21', WRONG, 'root')).status, 401)),
    '203.0.113.21',
    'admin.sign_in_failed',
    'root',
  );
  log.clock.now = new Date(log.clock.now.getTime() + 61_000);
  const later = only(
    await log.added(async () => assert.is((await signIn(ip, WRONG)).status, 429)),
    ip,
    'admin.sign_in_failed',
    'admin',
  );
  assert.equal(later.after, { username: 'admin', reason: 'too many failed sign-ins from this address', attempts: 6 });
  assert.match(later.summary, '6 attempts from this address since its last entry');
});

test('an unknown username is recorded as typed', async () => {
  const entry = only(
    await log.added(async () => assert.is((await signIn('203.0.113.30', WRONG, 'Administrator')).status, 401)),
    '203.0.113.30',
    'admin.sign_in_failed',
    'Administrator',
  );
  assert.equal(entry.after, { username: 'Administrator', reason: 'unknown username', attempts: 1 });
});

test('sign-out: one entry for the session it ends; signing out again records nothing', async () => {
  const signedIn = await signIn('203.0.113.40');
  const cookie = cookieOf(signedIn, 'loop_session')!;
  const publicId = (await log.list('?action=admin.sign_in&per_page=1')).entries[0]!.object_id;
  const logout = () =>
    call(log.server.url, 'POST', '/api/admin/logout', { cookie, headers: { 'x-forwarded-for': '203.0.113.41' } });
  const entry = only(await log.added(logout), '203.0.113.41', 'admin.sign_out', 'admin');
  assert.equal([entry.object_type, entry.object_id], ['session', publicId]);
  assert.equal(await log.added(logout), [], 'no session: nothing changed');
});

test('ending another session: one entry; an unknown session 404 and nothing', async () => {
  await signIn('203.0.113.50');
  const other = (await log.list('?action=admin.sign_in&per_page=1')).entries[0]!.object_id!;
  const entry = onlyAdminEntry(
    await log.added(async () => assert.is((await log.api('DELETE', `/api/admin/sessions/${other}`)).status, 200)),
    'admin.session_ended',
    'session',
    other,
  );
  assert.equal([entry.before, entry.after], [{ session: other }, null]);
  const again = await log.added(async () =>
    assert.is((await log.api('DELETE', `/api/admin/sessions/${other}`)).status, 404),
  );
  assert.equal(again, []);
});

test('authenticator app on and off: one entry each, no secret or code; a wrong code records nothing', async () => {
  const started = await log.api('POST', '/api/admin/security/totp/start');
  const secret = String(started.json.secret);
  const wrongConfirm = await log.added(async () =>
    assert.is(
      (
        await log.api('POST', '/api/admin/security/totp/confirm', {
          code: wrongCodeAt(secret, log.clock.now.getTime()),
        })
      ).status,
      400,
    ),
  );
  assert.equal(wrongConfirm, []);
  let codes: string[] = [];
  const on = onlyAdminEntry(
    await log.added(async () => {
      const answer = await log.api('POST', '/api/admin/security/totp/confirm', {
        code: codeAt(secret, log.clock.now.getTime()),
      });
      codes = answer.json.recovery_codes as string[];
    }),
    'admin.second_factor_on',
    'admin',
    null,
  );
  assert.equal([on.before, on.after], [{ authenticator_app: 'off' }, { authenticator_app: 'on' }]);
  const text = JSON.stringify(on);
  assert.is(text.includes(secret) || codes.some((code) => text.includes(code)), false);
  const wrongOff = await log.added(async () =>
    assert.is(
      (
        await log.api('POST', '/api/admin/security/totp/disable', {
          code: wrongCodeAt(secret, log.clock.now.getTime()),
        })
      ).status,
      400,
    ),
  );
  assert.equal(wrongOff, []);
  const off = onlyAdminEntry(
    await log.added(async () =>
      assert.is(
        (
          await log.api('POST', '/api/admin/security/totp/disable', {
            code: codeAt(secret, log.clock.now.getTime(), 1),
          })
        ).status,
        200,
      ),
    ),
    'admin.second_factor_off',
    'admin',
    null,
  );
  assert.equal([off.before, off.after], [{ authenticator_app: 'on' }, { authenticator_app: 'off' }]);
});

test('a passkey removed: one entry; an unknown one 404 and nothing', async () => {
  const db = log.server.app.ctx.db;
  await insertPasskey(db, {
    admin_id: 1,
    credential_id: 'cred-activity-1',
    public_key: 'AAAA',
    counter: 0,
    transports: '[]',
    created_at: log.clock.now.toISOString(),
  });
  const id = (await db.get<{ id: number }>("SELECT id FROM admin_passkeys WHERE credential_id = 'cred-activity-1'"))!
    .id;
  onlyAdminEntry(
    await log.added(async () => assert.is((await log.api('DELETE', `/api/admin/security/passkeys/${id}`)).status, 200)),
    'admin.passkey_removed',
    'admin',
    String(id),
  );
  assert.equal(
    await log.added(async () => assert.is((await log.api('DELETE', `/api/admin/security/passkeys/${id}`)).status, 404)),
    [],
  );
});

test('an unknown passkey at sign-in is a failed sign-in, with no username', async () => {
  const server = await startServer({ TRUST_PROXY: '1', PUBLIC_URL: 'https://shop.example.com' });
  try {
    const answer = await call(server.url, 'POST', '/api/admin/passkey/login', {
      body: { credential: { id: 'nobody', rawId: 'nobody', type: 'public-key', response: {} } },
      headers: { 'x-forwarded-for': '203.0.113.60' },
    });
    assert.is(answer.status, 401, answer.text);
    const entries = await server.app.ctx.db.all<Entry>('SELECT * FROM activity_log ORDER BY id');
    const failed = only(entries, '203.0.113.60', 'admin.sign_in_failed', null);
    assert.is(failed.summary, 'sign-in refused: This passkey is not known here');
  } finally {
    await server.close();
  }
});

test.run();
