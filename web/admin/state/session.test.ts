import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import { deleteLicense } from './licenses';
import { checkSession, login, logout } from './session';
import { store } from './store';

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

test("login: the server's error text first, else 'Login failed'", async () => {
  fakes = installFakes(() => ({ status: 401, body: { success: false, error: 'Invalid username or password' } }));
  assert.not.ok(await login('admin', 'wrong'));
  fakes.restore();
  fakes = installFakes(() => ({ status: 200, body: { success: false } }));
  assert.not.ok(await login('admin', 'wrong'));
  assert.equal(fakes.alerts, ['Login failed']);
  assert.not.ok(store.session.loggedIn);
});

test("login: a non-JSON answer is an error: 'Login error: ' and the reason", async () => {
  fakes = installFakes(() => ({ status: 200, body: '<!doctype html>' }));
  assert.not.ok(await login('admin', 'secret'));
  assert.equal(fakes.alerts, ['Login error: Unexpected answer from server (HTTP 200)']);
});

test('login success loads the lists; logout clears every list and the stats', async () => {
  fakes = installFakes((call) => ({
    status: 200,
    body: call.path.startsWith('/api/loopstream/list')
      ? {
          success: true,
          loopstreams: [
            { id: 1, package_type: 'Paket 1', customer_name: 'Budi', ip_server: 'a:5000', expired_date: '2030-01-01' },
          ],
        }
      : {
          success: true,
          stats: { total_licenses: 3, active_licenses: 3, expired_licenses: 0, activated_licenses: 1 },
          licenses: [],
          total: 0,
          pages: 0,
        },
  }));
  assert.ok(await login('admin', 'secret'));
  assert.equal(fakes.calls[0], {
    method: 'POST',
    path: '/api/admin/login',
    body: { username: 'admin', password: 'secret' },
  });
  assert.ok(store.session.loggedIn);
  assert.is(store.loopstreams.rows.length, 1);
  assert.is(store.stats?.total_licenses, 3);
  await logout();
  assert.not.ok(store.session.loggedIn);
  assert.is(store.stats, null);
  assert.is(store.loopstreams.rows.length, 0);
  assert.ok(fakes.calls.some((call) => call.path === '/api/admin/logout'));
});

test('checkSession fails silently', async () => {
  fakes = installFakes(() => new TypeError('offline'));
  await checkSession();
  assert.ok(store.session.checked);
  assert.not.ok(store.session.loggedIn);
  assert.equal(fakes.alerts, []);
});

test('a 401 on any admin call ends the session and clears the data', async () => {
  fakes = installFakes((call) =>
    call.path === '/api/admin/login'
      ? { status: 200, body: { success: true } }
      : call.path.startsWith('/api/license/delete')
        ? { status: 401, body: { success: false, error: 'Unauthorized' } }
        : {
            status: 200,
            body: {
              success: true,
              licenses: [],
              stats: { total_licenses: 2, active_licenses: 2, expired_licenses: 0, activated_licenses: 0 },
            },
          },
  );
  assert.ok(await login('admin', 'secret'));
  assert.is(store.stats?.total_licenses, 2);
  await deleteLicense({
    id: 1,
    license_key: 'K',
    email: 'e',
    app_type: 'loopbot',
    status: 'active',
    expired_date: '',
    device_id: null,
    device_name: null,
    device_activated_at: null,
    last_seen_at: null,
    app_version: null,
    created_at: '',
    updated_at: '',
  });
  assert.equal(fakes.alerts, ['Unauthorized']);
  assert.not.ok(store.session.loggedIn);
  assert.is(store.stats, null);
});

test.run();
