import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminServer, call, startServer } from '../harness';
import { countOf, labelValues, samples, scrape, valueOf } from '../metrics-scrape';
import { activate, deviceId, seedLicense, validate } from './license-app-helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';
const REQUESTS = 'loopshop_http_request_duration_seconds';
const LICENSE_ANSWERS = 'loopshop_license_answers_total';
const shop = adminServer(test, { METRICS_TOKEN: TOKEN });

test('/metrics without METRICS_TOKEN: 404, as an unknown path, whatever the Authorization', async () => {
  const server = await startServer();
  try {
    const unknown = await call(server.url, 'GET', '/api/no-such-call');
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const answer = await call(server.url, 'GET', '/metrics', { headers });
      assert.equal([answer.status, answer.json], [unknown.status, unknown.json]);
    }
  } finally {
    await server.close();
  }
});

test('/metrics with METRICS_TOKEN set: 401 without the bearer token, with another token or another scheme', async () => {
  const { url } = shop.server;
  const refused: Array<Record<string, string>> = [
    {},
    { authorization: 'Bearer wrong-token-of-the-same-kind-0123' },
    { authorization: `Basic ${TOKEN}` },
    { authorization: `Bearer ${TOKEN}x` },
    { authorization: TOKEN },
  ];
  for (const headers of refused) {
    const answer = await call(url, 'GET', '/metrics', { headers });
    assert.equal(
      [answer.status, answer.json],
      [401, { success: false, error: 'Unauthorized' }],
      JSON.stringify(headers),
    );
    assert.is(answer.headers.get('www-authenticate'), 'Bearer realm="metrics"');
    assert.not.match(answer.text, 'loopshop_');
  }
  assert.is(
    (await call(url, 'GET', '/metrics', { headers: { authorization: `bearer ${TOKEN}` } })).status,
    200,
    'the scheme is case-insensitive',
  );
});

test('/metrics parses as Prometheus text: process, event-loop and memory metrics, every licence code and order status at 0', async () => {
  const scraped = await scrape(shop.server.url, TOKEN);
  for (const name of [
    'process_cpu_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
    'nodejs_heap_size_used_bytes',
  ]) {
    assert.ok(scraped.families.has(name), name);
  }
  assert.is(scraped.families.get(REQUESTS)?.type, 'HISTOGRAM');
  assert.is(scraped.families.get(LICENSE_ANSWERS)?.type, 'COUNTER');
  assert.is(samples(scraped, LICENSE_ANSWERS, { call: 'validate', code: 'PRODUCT_MISMATCH' }).length, 1);
  for (const status of ['fulfilled', 'needs_setup', 'needs_review'])
    assert.is(samples(scraped, 'loopshop_orders', { status }).length, 1, status);
  assert.is(valueOf(scraped, 'loopshop_store_up'), 1);
  assert.is(valueOf(scraped, 'loopshop_store_writable'), 1);
  assert.is(samples(scraped, 'loopshop_backup_age_seconds').length, 0, 'no backup age while BACKUP_DIR is unset');
});

test('the counters move after requests: route patterns (never raw paths), statuses, licence codes, the outbox', async () => {
  const { url } = shop.server;
  const before = await scrape(url, TOKEN);
  const license = await seedLicense(shop.server);
  for (let index = 0; index < 3; index++) assert.is((await call(url, 'GET', '/healthz')).status, 200);
  assert.is((await call(url, 'GET', '/readyz')).status, 200);
  assert.is((await call(url, 'GET', '/api/license/download/4242')).status, 401);
  assert.is((await call(url, 'GET', '/api/no-such/path-7f3e9')).status, 404);
  assert.is((await activate(shop.server, license.key, deviceId('metrics'))).json.code, 'ACTIVATED');
  for (let index = 0; index < 2; index++)
    assert.is((await validate(shop.server, license.key, deviceId('metrics'))).json.code, 'VALID');
  assert.is(
    (await validate(shop.server, license.key, deviceId('metrics'), { product: 'loopstream' })).json.code,
    'PRODUCT_MISMATCH',
  );
  await fetch(`${url}/loopbot`).then((answer) => answer.arrayBuffer());
  const emailed = await call(url, 'POST', `/api/license/email/${license.id}`, { cookie: shop.cookie });
  assert.is(emailed.status, 200, emailed.text);
  const scrapeFrom = Date.now();
  const after = await scrape(url, TOKEN);
  const scrapeBy = Date.now();

  const moved = (labels: Record<string, string>): number =>
    countOf(after, REQUESTS, labels) - countOf(before, REQUESTS, labels);
  assert.is(moved({ method: 'GET', route: '/healthz', status: '200' }), 3);
  assert.is(moved({ method: 'GET', route: '/readyz', status: '200' }), 1);
  assert.is(moved({ method: 'GET', route: '/api/license/download/{license_key}', status: '401' }), 1);
  assert.is(moved({ route: 'unmatched', status: '404' }), 1);
  assert.is(moved({ method: 'POST', route: '/api/license/validate', status: '200' }), 2);
  assert.is(moved({ route: 'pages' }), 1);
  assert.is(moved({ route: '/metrics', status: '200' }), 1, 'the scrape before counts itself once it is answered');
  // Label values only: a sample's value or a bucket's sum may hold the digits 4242 by chance.
  const named = labelValues(after);
  assert.ok(named.includes('/api/license/download/{license_key}'));
  assert.is(named.filter((value) => value.includes('4242') || value.includes('path-7f3e9')).length, 0);
  assert.not.match(after.text, 'path-7f3e9');

  const answers = (call: string, code: string): number =>
    valueOf(after, LICENSE_ANSWERS, { call, code }) - valueOf(before, LICENSE_ANSWERS, { call, code });
  assert.equal(
    [
      answers('activate', 'ACTIVATED'),
      answers('validate', 'VALID'),
      answers('validate', 'PRODUCT_MISMATCH'),
      answers('validate', 'LICENSE_NOT_FOUND'),
    ],
    [1, 2, 1, 0],
  );
  // Without SMTP_URL the licence e-mail waits in the outbox: read at scrape time.
  assert.is(valueOf(after, 'loopshop_outbox_queue_depth') - valueOf(before, 'loopshop_outbox_queue_depth'), 1);
  assert.is(valueOf(after, 'loopshop_outbox_failed_messages'), 0);
  // The queued e-mail's age at the scrape: between the scrape's start and end as seen from its created_at.
  const queued = await shop.server.app.ctx.db.get<{ at: string }>(
    "SELECT min(created_at) AS at FROM outbox WHERE status = 'queued'",
  );
  const queuedAt = Date.parse(String(queued?.at));
  const age = valueOf(after, 'loopshop_outbox_oldest_queued_age_seconds');
  assert.ok(
    age >= (scrapeFrom - queuedAt) / 1000 && age <= (scrapeBy - queuedAt) / 1000,
    `age ${age} s of the e-mail queued at ${queued?.at}`,
  );
});

test('/readyz answers 200 once the app has started (the store answers, migrations done)', async () => {
  const answer = await call(shop.server.url, 'GET', '/readyz');
  assert.equal([answer.status, answer.json], [200, { ok: true }]);
  assert.is(answer.headers.get('cache-control'), 'no-store');
});

test.run();
