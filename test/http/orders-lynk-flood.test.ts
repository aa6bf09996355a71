/**
 * A client sending refused Lynk.id deliveries (wrong signatures, re-splits, garbage) neither floods
 * the log nor keeps the server busy: past 30 refusals in a minute its address is answered 429
 * (other addresses, and Lynk.id's, are not), and the log gets one line a minute with the counts
 * instead of a warning per delivery.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Logger } from '../../api/logger';
import { REFUSALS_PER_MINUTE } from '../../api/webhooks/refusal-guard';
import { startServer } from '../harness';
import { deliver, MERCHANT_KEY, paymentDelivery, resplit, tableCounts } from './lynk-helpers';

const lines: string[] = [];
const log: Logger = {
  enabled: () => true,
  debug: () => undefined,
  info: () => undefined,
  warn: (message, error) => void lines.push(`${message} ${error ?? ''}`),
  error: (message, error) => void lines.push(`${message} ${error ?? ''}`),
};
const webhookLines = (): string[] => lines.filter((line) => line.includes('lynk webhook'));

test('refusals per address: 429 past the limit, counted once a minute in one log line; others unaffected', async () => {
  let now = Date.parse('2026-05-01T03:00:00.000Z');
  const server = await startServer(
    { LYNK_MERCHANT_KEY: MERCHANT_KEY, TRUST_PROXY: '1' },
    { log, now: () => new Date(now) },
  );
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  try {
    const forged = paymentDelivery({ refId: 'REF-FLOOD' });
    const statuses: number[] = [];
    for (let i = 0; i < REFUSALS_PER_MINUTE + 10; i++) {
      const answer = await deliver(server, forged, { ...from('203.0.113.9'), 'x-lynk-signature': '0'.repeat(64) });
      statuses.push(answer.status);
      if (answer.status === 429) {
        assert.is(answer.json.error, 'Too many refused deliveries from this address; try again later');
        assert.ok(Number(answer.headers.get('retry-after')) >= 1);
      }
    }
    assert.equal(statuses, [...Array(REFUSALS_PER_MINUTE).fill(401), ...Array(10).fill(429)]);
    // Even a good delivery waits while its address is limited; another address is served.
    const good = paymentDelivery({ refId: 'REF-GOOD-1' });
    assert.is((await deliver(server, good, from('203.0.113.9'))).status, 429);
    const served = await deliver(server, good, from('198.51.100.7'));
    assert.is(served.status, 200, served.text);
    // A re-split from a third address counts as a refusal too.
    assert.is((await deliver(server, resplit(good, 5, 'x@evil.test'), from('192.0.2.44'))).status, 409);
    assert.equal(webhookLines(), [], 'no line per refused delivery');

    now += 61_000;
    assert.is(
      (await deliver(server, forged, { ...from('203.0.113.9'), 'x-lynk-signature': '0'.repeat(64) })).status,
      401,
      'a new minute',
    );
    const summary = webhookLines();
    assert.is(summary.length, 1, summary.join('\n'));
    assert.match(summary[0]!, `${REFUSALS_PER_MINUTE + 12} deliveries refused in the last minute`);
    assert.match(summary[0]!, `401 ×${REFUSALS_PER_MINUTE}`);
    assert.match(summary[0]!, '429 ×11');
    assert.match(summary[0]!, '409 ×1');
    assert.match(summary[0]!, `203.0.113.9 ×${REFUSALS_PER_MINUTE + 11}`);
    assert.equal((await tableCounts(server)).orders, 1);
  } finally {
    await server.close();
  }
  // What the last minute refused is written when the server stops.
  const last = webhookLines();
  assert.is(last.length, 2, last.join('\n'));
  assert.match(last[1]!, '1 delivery refused in the last minute (401 ×1)');
  assert.ok(
    lines.every((line) => !line.includes(MERCHANT_KEY)),
    'the key is never logged',
  );
});

test.run();
