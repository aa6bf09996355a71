import '../../../test/happy-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changes, installFakes } from '../test-fakes';
import type { Fakes } from '../test-fakes';
import type { License } from '../../../contract/calls/licenses';
import { createLicense, deactivateLicense, deleteLicense, extendLicense, shortenLicense } from './licenses';
import { store } from './store';

const LICENSE: License = {
  id: 7,
  license_key: 'AAAAA-BBBBB-CCCCC-DDDDD',
  email: 'a@example.com',
  app_type: 'loopstream',
  status: 'active',
  expired_date: '2030-01-01T00:00:00.000Z',
  device_id: 'device-1',
  device_name: 'PC',
  device_activated_at: '2029-01-01T00:00:00.000Z',
  last_seen_at: null,
  app_version: null,
  created_at: '2029-01-01T00:00:00.000Z',
  updated_at: '2029-01-01T00:00:00.000Z',
};
const INPUT = { email: 'a@example.com', app_type: 'loopbot' as const, expired_date: '2030-01-01T00:00:00.000Z' };

let fakes: Fakes | undefined;
test.after.each(() => fakes?.restore());

test('createLicense: success alert, then lists and stats reload', async () => {
  fakes = installFakes((call) =>
    call.path.startsWith('/api/admin/dashboard')
      ? {
          status: 200,
          body: {
            success: true,
            stats: { total_licenses: 1, active_licenses: 1, expired_licenses: 0, activated_licenses: 0 },
          },
        }
      : { status: 200, body: { success: true, licenses: [], loopstreams: [], configs: [], prompts: [] } },
  );
  assert.ok(await createLicense(INPUT));
  assert.equal(fakes.alerts, ['License created successfully!']);
  assert.equal(changes(fakes), [{ method: 'POST', path: '/api/license/create', body: INPUT }]);
  assert.ok(fakes.calls.some((call) => call.path.startsWith('/api/license/list?')));
  assert.is(store.stats?.total_licenses, 1);
});

test("createLicense: the server's error text comes before the fixed text", async () => {
  fakes = installFakes(() => ({ status: 400, body: { success: false, error: 'email is not a valid e-mail address' } }));
  assert.not.ok(await createLicense(INPUT));
  assert.equal(fakes.alerts, ['email is not a valid e-mail address']);
});

test('createLicense: a failure without text gets the fixed text', async () => {
  fakes = installFakes(() => ({ status: 200, body: { success: false } }));
  await createLicense(INPUT);
  assert.equal(fakes.alerts, ['Failed to create license']);
});

test('createLicense: a network error or non-JSON answer gets the prefix and the reason', async () => {
  fakes = installFakes(() => new TypeError('Failed to fetch'));
  await createLicense(INPUT);
  assert.equal(fakes.alerts, ['Error creating license: Failed to fetch']);
  fakes.restore();
  fakes = installFakes(() => ({ status: 502, body: 'Bad gateway' }));
  await createLicense(INPUT);
  assert.equal(fakes.alerts, ['Error creating license: Unexpected answer from server (HTTP 502)']);
});

test('extendLicense: invalid days are refused before any call', async () => {
  for (const answer of ['0', '-3', 'abc', '2.5', '']) {
    fakes = installFakes();
    fakes.promptAnswers = [answer];
    await extendLicense(LICENSE);
    assert.equal(fakes.alerts, ['Please enter a valid number of days'], answer);
    assert.is(changes(fakes).length, 0);
    fakes.restore();
  }
});

test('extendLicense: cancel does nothing; success shows the server message', async () => {
  fakes = installFakes();
  fakes.promptAnswers = [null];
  await extendLicense(LICENSE);
  assert.equal(fakes.alerts, []);
  assert.is(fakes.calls.length, 0);
  fakes.restore();

  fakes = installFakes(() => ({
    status: 200,
    body: { success: true, message: 'Extended by 10 days until 11 Jan 2030' },
  }));
  fakes.promptAnswers = ['10'];
  await extendLicense(LICENSE);
  assert.equal(changes(fakes), [{ method: 'POST', path: '/api/license/extend/7', body: { days: 10 } }]);
  assert.equal(fakes.alerts, ['Extended by 10 days until 11 Jan 2030']);
});

test('shortenLicense asks for confirmation; declining sends nothing', async () => {
  fakes = installFakes(() => ({ status: 200, body: { success: true, message: 'Shortened' } }));
  fakes.promptAnswers = ['5'];
  fakes.confirmAnswer = false;
  await shortenLicense(LICENSE);
  assert.is(fakes.confirms.length, 1);
  assert.is(changes(fakes).length, 0);
  fakes.promptAnswers = ['5'];
  fakes.confirmAnswer = true;
  await shortenLicense(LICENSE);
  assert.equal(changes(fakes), [{ method: 'POST', path: '/api/license/shorten/7', body: { days: 5 } }]);
  assert.equal(fakes.alerts, ['Shortened']);
});

test('shortenLicense: a failure shows the server text, else the fixed text', async () => {
  fakes = installFakes(() => ({ status: 404, body: { success: false } }));
  fakes.promptAnswers = ['5'];
  await shortenLicense(LICENSE);
  assert.equal(fakes.alerts, ['Failed to shorten license']);
});

test('deactivateLicense sends the key and the bound device id, only when a device is bound', async () => {
  fakes = installFakes();
  await deactivateLicense({ ...LICENSE, device_id: null });
  assert.is(fakes.calls.length, 0);
  await deactivateLicense(LICENSE);
  assert.equal(changes(fakes), [
    {
      method: 'POST',
      path: '/api/deactivate_license',
      body: { license_key: LICENSE.license_key, device_id: 'device-1' },
    },
  ]);
  assert.equal(fakes.alerts, ['License deactivated successfully!']);
});

test('deleteLicense: confirmation, DELETE by id, fixed texts', async () => {
  fakes = installFakes(() => ({ status: 500, body: { success: false } }));
  await deleteLicense(LICENSE);
  assert.equal(changes(fakes), [{ method: 'DELETE', path: '/api/license/delete/7', body: undefined }]);
  assert.equal(fakes.alerts, ['Failed to delete license']);
  fakes.restore();
  fakes = installFakes();
  await deleteLicense(LICENSE);
  assert.equal(fakes.alerts, ['License deleted successfully!']);
});

test.run();
