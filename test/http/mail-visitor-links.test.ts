/**
 * Mail a visitor's request sends (sign-in and trial links), through a real SMTP server: a link to
 * an address the server refuses is not the owner's incident (the dashboard's failed count and
 * /metrics leave it out) while a paid order's refused e-mail still is; and a payment's e-mail goes
 * out before the links queued ahead of it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { scrape, valueOf } from '../metrics-scrape';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { freshIp } from './buyer-helpers';
import { deliver, MERCHANT_KEY, paymentDelivery, waitUntil } from './lynk-helpers';

const TOKEN = 'metrics-token-for-visitor-links-0123456789';
let smtp: TestSmtp;
let server: TestServer;
let cookie = '';

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    LYNK_MERCHANT_KEY: MERCHANT_KEY,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'admin@loopbot.test',
    METRICS_TOKEN: TOKEN,
    TRUST_PROXY: '1',
  });
  cookie = await loginCookie(server.url);
});

test.after(async () => {
  await server.close();
  await smtp.close();
});

const statusOf = async (address: string): Promise<string | undefined> =>
  (
    await server.app.ctx.db.get<{ status: string }>(
      'SELECT status FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1',
      [address],
    )
  )?.status;

const askTrial = async (email: string): Promise<void> => {
  const answer = await call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() });
  assert.is(answer.status, 200, answer.text);
};

test("a refused trial link is not the owner's incident; a paid order's refused licence e-mail is", async () => {
  smtp.refuse('tamu@refused.test');
  smtp.refuse('pembeli@refused.test');
  await askTrial('tamu@refused.test');
  const paid = await deliver(server, paymentDelivery({ email: 'pembeli@refused.test' }));
  assert.is(paid.status, 200, paid.text);
  await waitUntil(
    async () =>
      (await statusOf('tamu@refused.test')) === 'failed' && (await statusOf('pembeli@refused.test')) === 'failed',
    10_000,
    'both messages refused for good',
  );
  const stats = (await call(server.url, 'GET', '/api/order/stats', { cookie })).json.stats as { mail_failed: number };
  assert.is(stats.mail_failed, 1, 'the dashboard counts the paid order’s e-mail only');
  assert.is(valueOf(await scrape(server.url, TOKEN), 'loopshop_outbox_failed_messages'), 1);
  const listed = await call(server.url, 'GET', '/api/mail/list?status=failed', { cookie });
  assert.is(listed.json.total, 2, 'the Mail view still lists both');
});

test('a payment’s e-mail goes out before the trial links queued ahead of it', async () => {
  smtp.hold();
  const links = ['satu', 'dua', 'tiga', 'empat', 'lima'].map((name) => `${name}@visitor.test`);
  for (const email of links) await askTrial(email);
  await waitUntil(() => smtp.mailFroms() >= 1, 10_000, 'the sender to hold the first link');
  const paid = await deliver(server, paymentDelivery({ email: 'bayar@example.com' }));
  assert.is(paid.status, 200, paid.text);
  smtp.release();
  await waitUntil(() => links.every((email) => smtp.received.some((mail) => mail.to.includes(email))), 10_000);
  await smtp.waitFor('bayar@example.com');
  const order = smtp.received.map((mail) => mail.to[0]);
  const paidAt = order.indexOf('bayar@example.com');
  const linksAfter = links.filter((email) => order.indexOf(email) > paidAt).length;
  assert.is(linksAfter, links.length - 1, `only the link in hand went first: ${order.join(', ')}`);
});

test.run();
