/**
 * The sign-in link's answer does not wait on whether the address bought: the lookup and the link
 * are done after answering, and a known address still gets its e-mail (an unknown one none).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answeredWorkSettled } from '../../api/shared/after-answer';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { licenseOf, signInMails } from './buyer-helpers';

let server: TestServer;
test.before(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
});
test.after(async () => {
  await server.close();
});

const ask = (email: string, ip: string) =>
  call(server.url, 'POST', '/api/account/link', { body: { email }, headers: { 'x-forwarded-for': ip } });

test('the answer is written before the address is looked up; the known address gets its mail after it', async () => {
  await licenseOf(server, 'later@example.com');
  const db = server.app.ctx.db;
  let answer: ServerResponse | undefined;
  const watch = (_req: IncomingMessage, res: ServerResponse): void => void (answer = res);
  server.server.prependListener('request', watch);
  // At the store's first lookup after the request: had the answer been written already?
  let writtenBeforeLookup: boolean | undefined;
  const get = db.get.bind(db);
  db.get = ((...args: Parameters<typeof get>) => {
    // isKnownBuyer's query: the only one reading licences here.
    if (String(args[0]).includes('FROM licenses')) writtenBeforeLookup ??= answer?.writableEnded === true;
    return get(...args);
  }) as typeof db.get;
  try {
    const asked = await ask('later@example.com', '198.18.60.1');
    assert.is(asked.status, 200, asked.text);
    assert.is(await signInMails(db, 'later@example.com'), 1);
  } finally {
    db.get = get;
    server.server.off('request', watch);
  }
  assert.is(writtenBeforeLookup, true);
  assert.is((await ask('stranger-later@example.com', '198.18.60.2')).status, 200);
  await answeredWorkSettled();
  assert.is(await signInMails(db, 'stranger-later@example.com'), 0);
});

test.run();
