/**
 * The activity log records each admin change exactly once, in the change's transaction: who (the
 * admin's username), from which IP, what, on which object, before → after; a refused change
 * (bad input, unknown id) records nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Storefront } from '../../contract/calls/storefront';
import { call } from '../harness';
import { activitySuite, onlyAdminEntry } from './activity-helpers';

const log = activitySuite(test);

const LICENSE = { email: 'buyer@contoh.id', expired_date: '2026-12-01T10:00:00+07:00', app_type: 'loopbot' };
const LOOPSTREAM = {
  package_type: 'Paket 1',
  customer_name: 'Budi Santoso',
  ip_server: '203.0.113.7',
  expired_date: '2026-12-31T10:00:00+07:00',
};

async function ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await log.api(method, path, body);
  assert.is(answer.status, 200, `${method} ${path}: ${answer.text}`);
  return answer.json;
}

async function refused(method: string, path: string, body: unknown, status: number): Promise<void> {
  const entries = await log.added(async () => {
    const answer = await log.api(method, path, body);
    assert.is(answer.status, status, `${method} ${path}: ${answer.text}`);
  });
  assert.equal(entries, [], `${method} ${path} refused: no entry`);
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

test('licence create, extend, shorten, delete: one entry each with before → after', async () => {
  let id = 0;
  let key = '';
  const created = onlyAdminEntry(
    await log.added(async () => {
      const license = (await ok('POST', '/api/license/create', LICENSE)).license as { id: number; license_key: string };
      [id, key] = [license.id, license.license_key];
    }),
    'license.created',
    'license',
    String(id),
  );
  assert.is(created.before, null);
  assert.equal(created.after, {
    license_key: key,
    email: 'buyer@contoh.id',
    app_type: 'loopbot',
    expired_date: '2026-12-01T03:00:00.000Z',
  });
  assert.is(created.at, log.clock.now.toISOString());

  const extended = onlyAdminEntry(
    await log.added(() => ok('POST', `/api/license/extend/${id}`, { days: 31 })),
    'license.extended',
    'license',
    String(id),
  );
  assert.equal(
    [extended.before, extended.after],
    [{ expired_date: '2026-12-01T03:00:00.000Z' }, { expired_date: '2027-01-01T03:00:00.000Z' }],
  );
  assert.is(extended.summary, 'expiry 1 December 2026 → 1 January 2027 (+31 days)');

  const shortened = onlyAdminEntry(
    await log.added(() => ok('POST', `/api/license/shorten/${id}`, { days: '1' })),
    'license.shortened',
    'license',
    String(id),
  );
  assert.equal(shortened.after, { expired_date: '2026-12-31T03:00:00.000Z' });
  assert.is(shortened.summary, 'expiry 1 January 2027 → 31 December 2026 (−1 days)');

  const deleted = onlyAdminEntry(
    await log.added(() => ok('DELETE', `/api/license/delete/${id}`)),
    'license.deleted',
    'license',
    String(id),
  );
  assert.equal(deleted.before, { ...(created.after as object), expired_date: '2026-12-31T03:00:00.000Z' });
  assert.is(deleted.after, null);
});

test('the dashboard’s unbind is the admin’s, one entry; a device releasing itself or a wrong device records none', async () => {
  const license = (await ok('POST', '/api/license/create', LICENSE)).license as { id: number; license_key: string };
  const app = (path: string, device: string) =>
    call(log.server.url, 'POST', path, {
      body: { license_key: license.license_key, device_id: device, device_name: 'PC Kasir' },
    });
  const bind = async (device: string) => assert.is((await app('/api/license/activate', device)).json.success, true);
  await bind('device-one-0001');
  assert.equal(
    await log.added(async () => {
      assert.is((await app('/api/deactivate_license', 'device-two-0002')).json.code, 'DEVICE_MISMATCH');
      assert.is((await app('/api/deactivate_license', 'device-one-0001')).json.code, 'DEACTIVATED');
    }),
    [],
    'the app releasing its own device is not an admin change',
  );
  await bind('device-one-0001');
  const unbound = onlyAdminEntry(
    await log.added(async () => {
      const answer = await log.api('POST', '/api/deactivate_license', {
        license_key: license.license_key,
        device_id: 'device-one-0001',
      });
      assert.is(answer.json.code, 'DEACTIVATED', answer.text);
    }),
    'license.device_unbound',
    'license',
    String(license.id),
  );
  assert.equal(
    [unbound.before, unbound.after],
    [
      { device_name: 'PC Kasir', device_id: 'device-one-0001' },
      { device_name: null, device_id: null },
    ],
  );
  await refused(
    'POST',
    '/api/deactivate_license',
    { license_key: license.license_key, device_id: 'device-one-0001' },
    200,
  );
});

test('refused licence changes leave no entry', async () => {
  await refused('POST', '/api/license/create', { ...LICENSE, email: 'not-an-address' }, 400);
  await refused('POST', '/api/license/extend/999999', { days: 3 }, 404);
  await refused('POST', '/api/license/shorten/999999', { days: 3 }, 404);
  await refused('POST', '/api/license/extend/1', { days: 0 }, 400);
  await refused('DELETE', '/api/license/delete/999999', undefined, 404);
});

test('LoopStream create, update (only the changed fields), extend, delete; a no-change save and refusals leave none', async () => {
  const row = (await ok('POST', '/api/loopstream/create', LOOPSTREAM)).loopstream as { id: number };
  const [created] = (await log.list('?action=loopstream.created')).entries;
  assert.equal([created!.object_id, created!.summary], [String(row.id), 'Paket 1 for Budi Santoso (203.0.113.7:5000)']);

  const updated = onlyAdminEntry(
    await log.added(() =>
      ok('PUT', `/api/loopstream/update/${row.id}`, { ...LOOPSTREAM, customer_name: 'Budi S.', ip_server: 'a.id:80' }),
    ),
    'loopstream.updated',
    'loopstream',
    String(row.id),
  );
  assert.equal(updated.before, { customer_name: 'Budi Santoso', ip_server: '203.0.113.7:5000' });
  assert.equal(updated.after, { customer_name: 'Budi S.', ip_server: 'a.id:80' });
  assert.is(updated.summary, 'customer_name Budi Santoso → Budi S., ip_server 203.0.113.7:5000 → a.id:80');

  const same = { ...LOOPSTREAM, customer_name: 'Budi S.', ip_server: 'a.id:80' };
  assert.equal(await log.added(() => ok('PUT', `/api/loopstream/update/${row.id}`, same)), [], 'nothing changed');

  const extended = onlyAdminEntry(
    await log.added(() => ok('POST', `/api/loopstream/extend/${row.id}`, { days: 30 })),
    'loopstream.extended',
    'loopstream',
    String(row.id),
  );
  assert.equal(extended.after, { expired_date: '2027-01-30T03:00:00.000Z' });

  await refused('PUT', `/api/loopstream/update/999999`, LOOPSTREAM, 404);
  await refused('PUT', `/api/loopstream/update/${row.id}`, { ...LOOPSTREAM, ip_server: '' }, 400);
  await refused('POST', '/api/loopstream/extend/999999', { days: 3 }, 404);
  const deleted = onlyAdminEntry(
    await log.added(() => ok('DELETE', `/api/loopstream/delete/${row.id}`)),
    'loopstream.deleted',
    'loopstream',
    String(row.id),
  );
  assert.equal(deleted.before, { ...same, expired_date: '2027-01-30T03:00:00.000Z', buyer_email: null });
  await refused('DELETE', `/api/loopstream/delete/${row.id}`, undefined, 404);
});

test('settings: created, old → new value, description; a secret’s value never kept; initialize once', async () => {
  const created = onlyAdminEntry(
    await log.added(() =>
      ok('POST', '/api/config/set', { config_key: 'download_url', config_value: 'https://a.id', description: 'D' }),
    ),
    'setting.changed',
    'setting',
    'download_url',
  );
  assert.equal([created.before, created.after], [null, { value: 'https://a.id', description: 'D' }]);

  const changed = onlyAdminEntry(
    await log.added(() => ok('POST', '/api/config/set', { config_key: 'download_url', config_value: 'https://b.id' })),
    'setting.changed',
    'setting',
    'download_url',
  );
  assert.equal([changed.before, changed.after], [{ value: 'https://a.id' }, { value: 'https://b.id' }]);
  assert.is(changed.summary, 'download_url: value https://a.id → https://b.id');

  const id = ((await ok('GET', '/api/config/list')).configs as Array<{ id: number; config_key: string }>).find(
    (row) => row.config_key === 'download_url',
  )!.id;
  const updated = onlyAdminEntry(
    await log.added(() => ok('PUT', `/api/config/update/${id}`, { config_value: 'https://c.id', description: 'E' })),
    'setting.changed',
    'setting',
    'download_url',
  );
  assert.equal(updated.after, { value: 'https://c.id', description: 'E' });
  assert.equal(await log.added(() => ok('PUT', `/api/config/update/${id}`, { config_value: 'https://c.id' })), []);

  await refused('POST', '/api/config/set', { config_key: 'download_url', config_value: 'ftp://x' }, 400);
  await refused('PUT', '/api/config/update/999999', { config_value: 'x' }, 404);

  const secret = 'loopstream_default_password';
  await ok('POST', '/api/config/set', { config_key: secret, config_value: 'Sup3rSecret' });
  const hidden = onlyAdminEntry(
    await log.added(() => ok('POST', '/api/config/set', { config_key: secret, config_value: 'An0ther' })),
    'setting.changed',
    'setting',
    secret,
  );
  assert.equal(
    [hidden.before, hidden.after, hidden.summary],
    [{ value: '(hidden)' }, { value: '(hidden)' }, `${secret} value changed`],
  );
  const stored = JSON.stringify(await log.rows());
  assert.not.ok(stored.includes('Sup3rSecret') || stored.includes('An0ther'), 'no secret in the table');

  const initialized = onlyAdminEntry(
    await log.added(() => ok('POST', '/api/config/initialize', {})),
    'setting.changed',
    'setting',
    null,
  );
  assert.match(initialized.summary, /^defaults created: /);
  assert.not.ok(initialized.summary.includes(secret), 'existing keys are not created again');
  assert.equal(await log.added(() => ok('POST', '/api/config/initialize', {})), [], 'nothing left to create');
});

test('storefront save: only the fields that changed, old → new price and link; invalid or unchanged saves leave none', async () => {
  const storefront = (await ok('GET', '/api/storefront')).storefront as Storefront;
  const plans = storefront.plans.map((plan) =>
    plan.id === 'loopbot-1-bulan' ? { ...plan, price_idr: 175_000, checkout_url: 'https://lynk.id/toko/baru' } : plan,
  );
  const old = storefront.plans.find((plan) => plan.id === 'loopbot-1-bulan')!;
  const saved = onlyAdminEntry(
    await log.added(() => ok('PUT', '/api/storefront', { ...storefront, plans })),
    'storefront.saved',
    'storefront',
    null,
  );
  assert.equal(saved.before, {
    'plan loopbot-1-bulan price_idr': 150_000,
    'plan loopbot-1-bulan checkout_url': old.checkout_url,
  });
  assert.equal(saved.after, {
    'plan loopbot-1-bulan price_idr': 175_000,
    'plan loopbot-1-bulan checkout_url': 'https://lynk.id/toko/baru',
  });
  assert.match(saved.summary, 'plan loopbot-1-bulan price_idr 150000 → 175000');
  const current = (await ok('GET', '/api/storefront')).storefront as Storefront;
  assert.equal(await log.added(() => ok('PUT', '/api/storefront', current)), [], 'nothing changed');
  const contacts = { ...current.contacts, whatsapp_number: '6281111111111' };
  const contact = onlyAdminEntry(
    await log.added(() => ok('PUT', '/api/storefront', { ...current, contacts })),
    'storefront.saved',
    'storefront',
    null,
  );
  assert.equal(contact.after, { 'contacts.whatsapp_number': '6281111111111' });
  const broken = { ...current, plans: current.plans.map((plan) => ({ ...plan, price_idr: 0 })) };
  await refused('PUT', '/api/storefront', broken, 400);
});

test('prompt create, update, delete; refused ones leave none', async () => {
  const fields = { title: 'Lagu Pagi', description: 'Tenang', prompt_template: 'Tulis lagu', prompt_music: 'lofi' };
  let id = 0;
  const created = onlyAdminEntry(
    await log.added(async () => {
      id = ((await ok('POST', '/api/prompt/create', form(fields))).prompt as { id: number }).id;
    }),
    'prompt.created',
    'prompt',
    String(id),
  );
  assert.equal(created.after, { ...fields, image_path: null });
  const updated = onlyAdminEntry(
    await log.added(() => ok('PUT', `/api/prompt/update/${id}`, form({ title: 'Lagu Malam' }))),
    'prompt.updated',
    'prompt',
    String(id),
  );
  assert.equal([updated.before, updated.after], [{ title: 'Lagu Pagi' }, { title: 'Lagu Malam' }]);
  await refused('PUT', `/api/prompt/update/999999`, form({ title: 'x' }), 404);
  await refused('POST', '/api/prompt/create', form({ ...fields, title: '' }), 400);
  const deleted = onlyAdminEntry(
    await log.added(() => ok('DELETE', `/api/prompt/delete/${id}`)),
    'prompt.deleted',
    'prompt',
    String(id),
  );
  assert.equal(deleted.before, { ...fields, title: 'Lagu Malam', image_path: null });
  await refused('DELETE', `/api/prompt/delete/${id}`, undefined, 404);
});

test.run();
