/**
 * What the owner reads about their own sign-ins: a recovery-code sign-in says so in the activity
 * log, with the codes left; a passkey can be renamed (logged, 404 for another's or an unknown one,
 * 400 for an empty name).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { insertPasskey } from '../../data/passkeys';
import { activitySuite, onlyAdminEntry } from './activity-helpers';
import { codeAt, codeStep, enrol, passwordStep } from './second-factor-kit';

const log = activitySuite(test);
const at = (): number => log.clock.now.getTime();
let secret = '';
let recovery: string[] = [];

test.before(async () => {
  ({ secret, codes: recovery } = await enrol(log.server.url, log.cookie, at));
});

test('a sign-in with a recovery code is logged as one, with the codes left', async () => {
  const [entry] = await log.added(async () => {
    const { pending } = await passwordStep(log.server.url);
    assert.is((await codeStep(log.server.url, pending, recovery[0]!)).status, 200);
  });
  assert.is(entry!.action, 'admin.sign_in');
  assert.match(entry!.summary, /^signed in with password and recovery code on .+ \(9 recovery codes left\)$/);
  assert.is((entry!.after as { method: string }).method, 'password and recovery code');
  assert.is((entry!.after as { recovery_codes_left: number }).recovery_codes_left, 9);
  const [withApp] = await log.added(async () => {
    const { pending } = await passwordStep(log.server.url);
    assert.is((await codeStep(log.server.url, pending, codeAt(secret, at(), 1))).status, 200);
  });
  assert.is((withApp!.after as { method: string }).method, 'password and code');
  assert.not.ok('recovery_codes_left' in (withApp!.after as object), 'an app code says nothing of recovery codes');
});

test('a passkey is renamed: listed with its name, one entry; same name again none; empty 400; unknown 404', async () => {
  const db = log.server.app.ctx.db;
  await insertPasskey(db, {
    admin_id: 1,
    credential_id: 'cred-rename-1',
    public_key: 'AAAA',
    counter: 0,
    transports: '[]',
    created_at: log.clock.now.toISOString(),
  });
  const id = (await db.get<{ id: number }>("SELECT id FROM admin_passkeys WHERE credential_id = 'cred-rename-1'"))!.id;
  const path = `/api/admin/security/passkeys/${id}`;
  const entry = onlyAdminEntry(
    await log.added(async () => assert.is((await log.api('PUT', path, { name: '  Laptop kantor ' })).status, 200)),
    'admin.passkey_renamed',
    'admin',
    String(id),
  );
  assert.equal(
    [entry.before, entry.after],
    [
      { passkey: String(id), name: '' },
      { passkey: String(id), name: 'Laptop kantor' },
    ],
  );
  const listed = (await log.api('GET', '/api/admin/security')).json.passkeys as Array<{ id: number; name: string }>;
  assert.is(listed.find((key) => key.id === id)?.name, 'Laptop kantor');
  assert.equal(
    await log.added(async () => assert.is((await log.api('PUT', path, { name: 'Laptop kantor' })).status, 200)),
    [],
  );
  const empty = await log.api('PUT', path, { name: '   ' });
  assert.equal([empty.status, empty.json.error], [400, 'Enter a name for the passkey']);
  assert.is((await log.api('PUT', '/api/admin/security/passkeys/999999', { name: 'x' })).status, 404);
});

test.run();
