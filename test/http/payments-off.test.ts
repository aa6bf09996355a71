/**
 * Without LYNK_MERCHANT_KEY every Lynk.id payment is refused (503): the server says so when it
 * starts and the dashboard's order stats carry it (payments_configured), so the admin can warn.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Logger } from '../../api/logger';
import { PAYMENTS_OFF_WARNING } from '../../api/webhooks/payments-off';
import { call, loginCookie, startServer } from '../harness';
import { deliver, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

function recordingLog(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const quiet = () => undefined;
  return {
    warnings,
    log: { enabled: () => false, debug: quiet, info: quiet, error: quiet, warn: (line) => void warnings.push(line) },
  };
}

async function started(env: Record<string, string>) {
  const recorded = recordingLog();
  const server = await startServer(env, { log: recorded.log });
  const stats = await call(server.url, 'GET', '/api/order/stats', { cookie: await loginCookie(server.url) });
  return { server, warnings: recorded.warnings, stats: stats.json.stats as { payments_configured: boolean } };
}

test('without LYNK_MERCHANT_KEY: a warning at start, payments_configured false, deliveries refused', async () => {
  const { server, warnings, stats } = await started({});
  try {
    assert.ok(warnings.includes(PAYMENTS_OFF_WARNING), warnings.join('\n'));
    assert.is(stats.payments_configured, false);
    assert.is((await deliver(server, paymentDelivery())).status, 503);
  } finally {
    await server.close();
  }
});

test('with LYNK_MERCHANT_KEY: no warning, payments_configured true', async () => {
  const { server, warnings, stats } = await started({ LYNK_MERCHANT_KEY: MERCHANT_KEY });
  try {
    assert.not.ok(
      warnings.some((line) => line.includes('LYNK_MERCHANT_KEY')),
      warnings.join('\n'),
    );
    assert.is(stats.payments_configured, true);
  } finally {
    await server.close();
  }
});

test.run();
