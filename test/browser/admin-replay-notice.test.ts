/**
 * A replayed Lynk.id delivery (the same signed string re-split into new ids) is refused by the
 * server; the owner sees on the dashboard that it happened, at 390 and 1280 px, axe-clean (axe is injected, so CSP is bypassed).
 */
import { mkdir } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deliver, MERCHANT_KEY, paymentDelivery, resplit } from '../http/lynk-helpers';
import { middayClock } from '../midday-clock';
import { loginAndWait, openAdmin, seriousAxeViolations, waitForStat } from './admin-kit';

const SHOTS = '.tmp/replay-shots';

test('dashboard: no notice without replays; after two refused re-splits it says so', async () => {
  await mkdir(SHOTS, { recursive: true });
  const admin = await openAdmin({ bypassCSP: true, now: middayClock(), env: { LYNK_MERCHANT_KEY: MERCHANT_KEY } });
  const { page, server } = admin;
  try {
    const genuine = paymentDelivery({ refId: 'LYNK62571695', messageId: '2m1' });
    assert.is((await deliver(server, genuine)).status, 200);
    await loginAndWait(page);
    await waitForStat(page, 'orders_today', '1');
    assert.is(await page.locator('[data-replay-notice]').count(), 0, 'nothing to say yet');

    for (const [at, email] of [
      [13, 'thief1@example.com'],
      [14, 'thief2@example.com'],
    ] as const) {
      const answer = await deliver(server, resplit(genuine, at, email));
      assert.is(answer.status, 409, answer.text);
    }
    await page.reload();
    const notice = page.locator('[data-replay-notice]');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', '2 replayed Lynk.id deliveries were refused.');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: `${SHOTS}/replay-notice-${width}.png` });
      assert.equal(await seriousAxeViolations(page), [], `at ${width} px`);
    }
  } finally {
    await admin.close();
  }
});

test.run();
