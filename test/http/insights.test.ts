import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { INSIGHT_PERIODS } from '../../contract/rules/insight-periods';
import { call, adminServer } from '../harness';
import { fixedClock } from './admin-api-helpers';
import { expectedInsights } from './insights-expected';
import { makeHistory, seedHistory } from './insights-seed';

// 12:00 WIB on a Friday; the 30-day period then starts at midnight WIB on 29 October.
const NOW = '2026-11-27T05:00:00.000Z';
const test = suite('insights');
const admin = adminServer(test, {}, { now: fixedClock(NOW).at });
const api = (method: string, path: string) => call(admin.server.url, method, path, { cookie: admin.cookie });
const anonymous = (method: string, path: string) => call(admin.server.url, method, path);
const history = makeHistory(Date.parse(NOW));

test.before(async () => {
  await seedHistory(admin.server.app.ctx.db, history);
});

for (const period of INSIGHT_PERIODS) {
  test(`insights ${period}: every figure equals the count made from the raw rows`, async () => {
    const answer = await api('GET', `/api/insights?period=${period}`);
    assert.is(answer.status, 200, answer.text);
    assert.equal(answer.json.insights, expectedInsights(history, period, Date.parse(NOW)));
  });
}

test('insights: the seeded history reaches every figure (a test that would pass on zeros proves nothing)', async () => {
  const { insights } = (await api('GET', '/api/insights?period=365d')).json as {
    insights: Record<string, Record<string, unknown>>;
  };
  const renewals = insights.renewals as Record<string, number>;
  for (const figure of ['renewed', 'lapsed', 'reminders_sent', 'reminded_renewed'])
    assert.ok(renewals[figure]! > 0, figure);
  const health = insights.health as {
    sharing: unknown[];
    devices_moved: number;
    refusals: unknown[];
    validations: { answered: number; refused: number };
    seen_widely: unknown[];
  };
  assert.ok(health.sharing.length > 0 && health.devices_moved > 0 && health.refusals.length > 0);
  assert.ok(health.validations.answered > 0 && health.validations.refused > 0 && health.seen_widely.length > 0);
  assert.ok((insights.revenue!.renewals as { orders: number }).orders > 0);
});

test('insights: period edges at midnight WIB', async () => {
  const edge = Date.parse('2026-10-28T17:00:00.000Z');
  const at = (ms: number) => history.orders.filter((order) => Date.parse(String(order.created_at)) === ms);
  assert.ok(at(edge).length === 1 && at(edge - 1).length === 1, 'the seed holds orders at the edge and 1 ms before');
  const { insights } = (await api('GET', '/api/insights?period=30d')).json as {
    insights: { period: { from: string }; revenue: { buckets: { start: string }[] } };
  };
  assert.is(insights.period.from, '2026-10-28T17:00:00.000Z');
  assert.is(insights.revenue.buckets[0]!.start, '2026-10-28T17:00:00.000Z');
  assert.is(insights.revenue.buckets.length, 30);
});

test('insights: bad input is a 400, no session a 401', async () => {
  // An empty period is the default one, as an empty filter is no filter on the lists.
  assert.is(
    (await api('GET', '/api/insights?period=')).json.insights &&
      ((await api('GET', '/api/insights?period=')).json.insights as { period: { key: string } }).period.key,
    '30d',
  );
  for (const query of ['period=14d', 'period=7D', 'period=%00']) {
    const answer = await api('GET', `/api/insights?${query}`);
    assert.is(answer.status, 400, query);
    assert.is(answer.json.success, false);
  }
  assert.is((await api('GET', '/api/insights/export?table=users')).status, 400);
  assert.is((await api('GET', '/api/insights/export')).status, 400);
  assert.is((await anonymous('GET', '/api/insights')).status, 401);
  assert.is((await anonymous('GET', '/api/insights/export?table=orders')).status, 401);
});

test.run();
