import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import { assertError, fixedClock } from './admin-api-helpers';

const clock = fixedClock('2026-06-01T00:00:00.000Z');

/** The SPEC's four counts; with no free trial, every active licence is a paid one. */
const counts = (total: number, active: number, expired: number, activated: number) => ({
  total_licenses: total,
  active_licenses: active,
  expired_licenses: expired,
  activated_licenses: activated,
  paid_active_licenses: active,
  trial_active_licenses: 0,
  trials_refused: 0,
});

test('dashboard: counts follow the derived status and bound devices', async () => {
  const server = await startServer({}, { now: clock.at });
  try {
    const cookie = await loginCookie(server.url);
    const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { cookie, body });
    const stats = async (): Promise<unknown> => {
      const answer = await api('GET', '/api/admin/dashboard');
      assert.is(answer.status, 200);
      assert.equal(Object.keys(answer.json).sort(), ['stats', 'success']);
      assert.is(answer.json.success, true);
      return answer.json.stats;
    };
    assert.equal(await stats(), counts(0, 0, 0, 0));

    const create = async (expired_date: string, app_type = 'loopbot'): Promise<{ id: number; license_key: string }> =>
      (await api('POST', '/api/license/create', { email: 'stats@example.com', expired_date, app_type })).json
        .license as { id: number; license_key: string };
    const active = await create('2026-12-31T00:00');
    const soon = await create('2026-06-01T00:00:30');
    const past = await create('2026-05-01T00:00', 'loopstream');
    assert.equal(await stats(), counts(3, 2, 1, 0));

    const activation = await call(server.url, 'POST', '/api/license/activate', {
      body: { license_key: active.license_key, device_id: 'device-stats-0001', device_name: 'Studio PC' },
    });
    assert.is(activation.json.success, true, activation.text);
    assert.equal(await stats(), counts(3, 2, 1, 1));

    // The expiry passing is enough: nothing is rewritten, the next answer counts it as expired.
    clock.now = new Date('2026-06-01T00:00:30.000Z');
    assert.equal(await stats(), counts(3, 1, 2, 1));
    const listed = (await api('GET', '/api/license/list')).json.licenses as Array<{ id: number; status: string }>;
    assert.equal(Object.fromEntries(listed.map((row) => [row.id, row.status])), {
      [active.id]: 'active',
      [soon.id]: 'expired',
      [past.id]: 'expired',
    });

    await api('POST', `/api/license/extend/${past.id}`, { days: 5 });
    await api('DELETE', `/api/license/delete/${soon.id}`);
    assert.equal(await stats(), counts(2, 2, 0, 1));

    assertError(await call(server.url, 'GET', '/api/admin/dashboard'), 401, 'Unauthorized');
  } finally {
    await server.close();
  }
});

test.run();
