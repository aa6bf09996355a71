/**
 * "Resend" of a message already sent queues a copy, at most three per message per hour: the fourth
 * is 429 with Retry-After and queues nothing; a failed or queued message is not limited.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { tableCounts, waitUntil } from './lynk-helpers';

let smtp: TestSmtp;
let server: TestServer;
let cookie = '';

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'admin@loopbot.test' });
  cookie = await loginCookie(server.url);
});

test.after(async () => {
  await server.close();
  await smtp.close();
});

const api = (method: string, path: string, body?: unknown) => call(server.url, method, path, { cookie, body });

test('copies of a sent message: three an hour, then 429 with Retry-After and nothing queued', async () => {
  const created = await api('POST', '/api/license/create', {
    email: 'salinan@example.com',
    app_type: 'loopbot',
    expired_date: '2030-01-01T00:00:00Z',
  });
  const license = created.json.license as { id: number };
  assert.is((await api('POST', `/api/license/email/${license.id}`)).status, 200);
  await smtp.waitFor('salinan@example.com');
  const sentId = async (): Promise<number> => {
    const list = await api('GET', '/api/mail/list?status=sent&search=salinan');
    return (list.json.messages as Array<{ id: number }>)[0]?.id ?? 0;
  };
  await waitUntil(async () => (await sentId()) > 0, 5000, 'the message to be marked sent');
  const id = await sentId();
  for (let copy = 1; copy <= 3; copy++) {
    const answer = await api('POST', `/api/mail/resend/${id}`);
    assert.is(answer.status, 200, answer.text);
  }
  const before = (await tableCounts(server)).outbox;
  const refused = await api('POST', `/api/mail/resend/${id}`);
  assert.is(refused.status, 429, refused.text);
  assert.equal(refused.json.success, false);
  assert.match(String(refused.json.error), 'already sent again 3 times in the last hour');
  const retryAfter = Number(refused.headers.get('retry-after'));
  assert.ok(retryAfter > 0 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
  assert.is((await tableCounts(server)).outbox, before, 'the refused copy is not queued');
  await waitUntil(
    () => smtp.received.filter((mail) => mail.to.includes('salinan@example.com')).length === 4,
    5000,
    'the three copies',
  );
});

test.run();
