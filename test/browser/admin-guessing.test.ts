/**
 * Sign-in codes being guessed reach the owner on the dashboard: after a lockout of the code step
 * a warning says the password is known, and Needs Attention counts it. Shot at 390 px.
 */
import { mkdir } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loginCookie } from '../harness';
import { codeStep, enrol, passwordStep, wrongCodeAt } from '../http/second-factor-kit';
import { loginAndWait, openAdmin, seriousAxeViolations, waitForStat } from './admin-kit';

const SHOTS = process.env.SHOTS_DIR || '.tmp/shots-guessing';

test('after 10 wrong codes from many addresses the dashboard warns and counts it under Needs Attention', async () => {
  const admin = await openAdmin({ env: { TRUST_PROXY: '1' }, viewport: { width: 390, height: 900 }, bypassCSP: true });
  const { page, problems, server } = admin;
  try {
    await loginAndWait(page);
    await waitForStat(page, 'needs_attention', '0');
    assert.is(await page.locator('[data-guessing-notice]').count(), 0);
    const { secret } = await enrol(server.url, await loginCookie(server.url), () => Date.now());
    const { pending } = await passwordStep(server.url, { headers: { 'x-forwarded-for': '10.1.1.1' } });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const from = { headers: { 'x-forwarded-for': `10.2.2.${n + 1}` } };
      statuses.push((await codeStep(server.url, pending, wrongCodeAt(secret, Date.now()), from)).status);
    }
    assert.equal(statuses, [...Array<number>(10).fill(401), 429]);
    await page.reload();
    const notice = page.locator('[data-guessing-notice]');
    await notice.waitFor();
    assert.match(String(await notice.textContent()), 'Someone is guessing your sign-in codes');
    await waitForStat(page, 'needs_attention', '1');
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/guessing-notice-390.png`, fullPage: false });
    assert.equal(await seriousAxeViolations(page), []);
    assert.equal(problems, []);
  } finally {
    await admin.close();
  }
});

test.run();
