import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { enqueueMailIn, findMail } from '../../data/outbox';
import { withMigratedDatabase } from '../../test/harness';
import { loadConfig } from '../config';
import type { CoreContext } from '../core-context';
import { createLogger } from '../logger';
import { MailSender, MAX_ATTEMPTS, messageIdOf, retryDelayMs } from './mail-sender';
import { DeliveryError, describeFailure, senderDomain } from './smtp-transport';
import type { MailTransport, OutgoingMail } from './smtp-transport';

test('retryDelayMs: base, then doubling, at most an hour', () => {
  assert.equal(
    [1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000)),
    [30_000, 60_000, 120_000, 240_000],
  );
  assert.is(retryDelayMs(20, 30_000), 3600_000);
});

test('messageIdOf and senderDomain: one id per message, on the From domain', () => {
  const row = { id: 7, created_at: '2026-01-01T00:00:00.000Z' };
  assert.is(senderDomain('LoopBOT <admin@loopbot.id>'), 'loopbot.id');
  assert.is(senderDomain('admin@shop.example'), 'shop.example');
  assert.is(
    messageIdOf(row, 'LoopBOT <admin@loopbot.id>'),
    `<outbox-7-${Date.parse(row.created_at).toString(36)}@loopbot.id>`,
  );
});

test('describeFailure: the server answer when there is one; a 5xx is permanent except a refused login', () => {
  const rejected = describeFailure({
    code: 'EENVELOPE',
    responseCode: 550,
    response: '550 5.1.1 No such user\r\n',
    message: 'x',
  });
  assert.equal([rejected.message, rejected.permanent], ['EENVELOPE: 550 5.1.1 No such user', true]);
  assert.is(describeFailure({ code: 'EAUTH', responseCode: 535, response: '535 Invalid login' }).permanent, false);
  const down = describeFailure({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' });
  assert.equal([down.message, down.permanent], ['ESOCKET: connect ECONNREFUSED 127.0.0.1:25', false]);
});

function context(db: CoreContext['db'], clock: { now: number }): CoreContext {
  return {
    config: loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'admin@loopbot.test', MAIL_RETRY_BASE_S: '30' }),
    db,
    log: createLogger('silent'),
    now: () => new Date(clock.now),
    onClose: () => undefined,
    limiters: (() => undefined) as unknown as CoreContext['limiters'],
  };
}

/** A transport answering each send from `answers` in turn (undefined: accepted). */
function fakeTransport(answers: Array<DeliveryError | undefined>): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    sent,
    async send(mail) {
      const answer = answers.shift();
      if (answer) throw answer;
      sent.push(mail);
    },
    close: () => undefined,
  };
}

async function runUntilIdle(sender: MailSender): Promise<void> {
  sender.wake();
  await new Promise((resolve) => setTimeout(resolve, 5));
  await sender.settled();
}

test('MailSender: a failed attempt waits for its retry; the accepted message is sent once and never again', async () => {
  await withMigratedDatabase(async (db) => {
    const clock = { now: Date.parse('2026-05-01T00:00:00.000Z') };
    const id = await db.transaction((tx) =>
      enqueueMailIn(
        tx,
        { kind: 'license', to_address: 'a@example.com', subject: 'S', body: 'B' },
        new Date(clock.now).toISOString(),
      ),
    );
    const transport = fakeTransport([new DeliveryError('ESOCKET: down', false)]);
    const sender = new MailSender(context(db, clock), transport, 'admin@loopbot.test');
    await runUntilIdle(sender);
    const waiting = await findMail(db, id);
    assert.equal([waiting?.status, waiting?.attempts, waiting?.last_error], ['queued', 1, 'ESOCKET: down']);
    assert.is(waiting?.next_attempt_at, new Date(clock.now + 30_000).toISOString());
    await runUntilIdle(sender);
    assert.is(transport.sent.length, 0, 'not before its time');
    clock.now += 30_000;
    await runUntilIdle(sender);
    await runUntilIdle(sender);
    assert.is(transport.sent.length, 1);
    assert.equal((await findMail(db, id))?.status, 'sent');
    assert.is(transport.sent[0]!.to, 'a@example.com');
    await sender.close();
  });
});

test('MailSender: a permanent refusal fails at once; temporary ones give up after MAX_ATTEMPTS', async () => {
  await withMigratedDatabase(async (db) => {
    const clock = { now: Date.parse('2026-05-01T00:00:00.000Z') };
    const at = new Date(clock.now).toISOString();
    const refused = await db.transaction((tx) =>
      enqueueMailIn(tx, { kind: 'license', to_address: 'nobody@example.com', subject: 'S', body: 'B' }, at),
    );
    const transport = fakeTransport([
      new DeliveryError('550 no such user', true),
      ...Array.from({ length: MAX_ATTEMPTS }, () => new DeliveryError('down', false)),
    ]);
    const sender = new MailSender(context(db, clock), transport, 'admin@loopbot.test');
    await runUntilIdle(sender);
    assert.equal([(await findMail(db, refused))?.status, (await findMail(db, refused))?.attempts], ['failed', 1]);
    const flaky = await db.transaction((tx) =>
      enqueueMailIn(tx, { kind: 'license', to_address: 'b@example.com', subject: 'S', body: 'B' }, at),
    );
    for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt++) {
      await runUntilIdle(sender);
      clock.now += 3600_000;
    }
    assert.equal(
      [(await findMail(db, flaky))?.status, (await findMail(db, flaky))?.attempts],
      ['failed', MAX_ATTEMPTS],
    );
    await sender.close();
  });
});

test.run();
