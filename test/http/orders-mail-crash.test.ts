/**
 * The outbox survives what happens at night: the built server SIGKILLed right after a webhook's
 * 200, while it was handing the e-mail to the SMTP server, sends it exactly once after the
 * restart (and a sent message is never sent again); an SMTP server that is down for a while gets
 * retries until it takes the message, once.
 */
import { rm } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startChildServer, stopChildServer } from '../child-server';
import { call, loginCookie, makeDataDir, startServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import { deliver, MERCHANT_KEY, paymentDelivery, waitUntil } from './lynk-helpers';

const MAIL_ENV = { LYNK_MERCHANT_KEY: MERCHANT_KEY, MAIL_FROM: 'LoopBOT <admin@loopbot.test>', MAIL_RETRY_BASE_S: '1' };

/** Waits until the outbox holds only sent messages: after that, no copy can still be on its way. */
async function allSent(url: string, cookie: string): Promise<void> {
  const statuses = async (): Promise<string[]> =>
    ((await call(url, 'GET', '/api/mail/list', { cookie })).json.messages as Array<{ status: string }>).map(
      (message) => message.status,
    );
  await waitUntil(async () => (await statuses()).every((status) => status === 'sent'), 15_000, 'every message sent');
}

test('SIGKILL right after the 200, mid-send: after the restart the e-mail arrives exactly once', async () => {
  const smtp = await startTestSmtp();
  const dataDir = await makeDataDir();
  const env = { ...MAIL_ENV, SMTP_URL: smtp.url };
  let server = await startChildServer(dataDir, env);
  try {
    smtp.hold();
    const delivery = paymentDelivery({ email: 'malam@example.com', refId: 'REF-CRASH-0001' });
    const answer = await call(server.url, 'POST', '/api/webhooks/lynk', {
      body: delivery.body,
      headers: { 'x-lynk-signature': delivery.signature },
    });
    assert.is(answer.status, 200, answer.text);
    // The sender has reached the SMTP server and waits for its answer to MAIL FROM: kill it there.
    await waitUntil(() => smtp.mailFroms() > 0, 5000, 'the sender to reach MAIL FROM');
    await stopChildServer(server, 'SIGKILL');
    smtp.release();
    // The sender was killed while waiting for the answer to MAIL FROM: it never sent DATA, so nothing can arrive late.
    assert.is(smtp.received.length, 0, 'nothing was delivered before the kill');

    server = await startChildServer(dataDir, env);
    await smtp.waitFor('malam@example.com', 5000);
    const cookie = await loginCookie(server.url);
    await allSent(server.url, cookie);
    assert.is(smtp.received.length, 1);
    const list = await call(server.url, 'GET', '/api/mail/list', { cookie });
    const [message] = list.json.messages as Array<Record<string, any>>;
    assert.equal([message!.status, message!.attempts, (list.json.messages as unknown[]).length], ['sent', 2, 1]);

    // A message the SMTP server accepted is never sent again, whatever happens next.
    await stopChildServer(server, 'SIGKILL');
    server = await startChildServer(dataDir, env);
    const again = await call(server.url, 'POST', '/api/webhooks/lynk', {
      body: delivery.body,
      headers: { 'x-lynk-signature': delivery.signature },
    });
    assert.equal([again.status, again.json.duplicate], [200, true]);
    await allSent(server.url, await loginCookie(server.url));
    assert.is(smtp.received.length, 1);
  } finally {
    await stopChildServer(server, 'SIGKILL');
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('SIGKILL after the SMTP server took the message but before its 250 arrived: sent again after the restart (at-least-once), with the same Message-ID so mail clients fold the two', async () => {
  const smtp = await startTestSmtp();
  const dataDir = await makeDataDir();
  const env = { ...MAIL_ENV, SMTP_URL: smtp.url };
  let server = await startChildServer(dataDir, env);
  try {
    smtp.holdAfterData();
    const delivery = paymentDelivery({ email: 'dua@example.com', refId: 'REF-CRASH-0250' });
    const answer = await call(server.url, 'POST', '/api/webhooks/lynk', {
      body: delivery.body,
      headers: { 'x-lynk-signature': delivery.signature },
    });
    assert.is(answer.status, 200, answer.text);
    await smtp.waitFor('dua@example.com', 5000);
    await stopChildServer(server, 'SIGKILL');
    smtp.release();

    server = await startChildServer(dataDir, env);
    await waitUntil(() => smtp.received.length === 2, 5000, 'the message sent again after the restart');
    const [first, second] = smtp.received;
    assert.ok(first!.messageId.startsWith('<outbox-'), first!.messageId);
    assert.is(second!.messageId, first!.messageId);
    assert.is(second!.text, first!.text);
    const cookie = await loginCookie(server.url);
    await waitUntil(
      async () =>
        ((await call(server.url, 'GET', '/api/mail/list?status=sent', { cookie })).json.total as number) === 1,
      5000,
      'sent',
    );
    assert.is(smtp.received.length, 2, 'marked sent at the 250: no third copy');
  } finally {
    await stopChildServer(server, 'SIGKILL');
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('SMTP down for a while: retried with backoff, delivered once it is back, no duplicate', async () => {
  const smtp = await startTestSmtp();
  await smtp.stop();
  const server = await startServer({ ...MAIL_ENV, SMTP_URL: smtp.url });
  try {
    const cookie = await loginCookie(server.url);
    assert.is((await deliver(server, paymentDelivery({ email: 'sabar@example.com' }))).status, 200);
    const outbox = async (): Promise<Record<string, any>> =>
      ((await call(server.url, 'GET', '/api/mail/list', { cookie })).json.messages as Array<Record<string, any>>)[0]!;
    // Attempts at about 0 s, 1 s and 3 s: the third has failed by 3.5 s.
    await waitUntil(async () => (await outbox()).attempts >= 2, 5000, 'two failed attempts');
    const waiting = await outbox();
    assert.is(waiting.status, 'queued');
    assert.match(String(waiting.last_error), /ECONNREFUSED|ECONNECTION|connect/i);
    assert.ok(Date.parse(waiting.next_attempt_at) > Date.now() - 100, 'the next attempt waits');
    const stats = (await call(server.url, 'GET', '/api/order/stats', { cookie })).json.stats as Record<string, unknown>;
    assert.equal([stats.mail_waiting, stats.mail_failed], [1, 0]);

    await smtp.start();
    await smtp.waitFor('sabar@example.com', 8000);
    await allSent(server.url, cookie);
    assert.is(smtp.received.length, 1);
    const sent = await outbox();
    assert.equal([sent.status, sent.last_error], ['sent', null]);
    assert.ok(sent.attempts >= 3, `attempts ${sent.attempts}`);
  } finally {
    await server.close();
    await smtp.close();
  }
});

test.run();
