/**
 * Renewal reminders 3 days before expiry, through a real SMTP server and the server's clock: one
 * per licence per expiry date, a second after an extension once the new expiry approaches, none
 * for licences without an e-mail or already expired; the renew link is the plan it was bought with.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { importLicenses } from '../../data/licenses/licenses';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { DAY_MS } from './license-app-helpers';
import { deliver, MERCHANT_KEY, outboxDrained, paymentDelivery, tableCounts } from './lynk-helpers';
import { mailedToken, openLink } from './buyer-helpers';

let smtp: TestSmtp;
let server: TestServer;
let cookie = '';
let clock = Date.now();

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer(
    {
      LYNK_MERCHANT_KEY: MERCHANT_KEY,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'admin@loopbot.test',
      REMINDER_SCAN_INTERVAL_S: '3600',
    },
    { now: () => new Date(clock) },
  );
  cookie = await loginCookie(server.url);
});

test.after(async () => {
  await server.close();
  await smtp.close();
});

const inDays = (days: number): string => new Date(clock + days * DAY_MS).toISOString();
const remindersTo = (address: string) =>
  smtp.received.filter((mail) => mail.to.includes(address) && mail.subject.startsWith('Pengingat'));

async function createLicense(
  email: string,
  expiresInDays: number,
  appType = 'loopbot',
): Promise<{ id: number; license_key: string }> {
  const answer = await call(server.url, 'POST', '/api/license/create', {
    cookie,
    body: { email, expired_date: inDays(expiresInDays), app_type: appType },
  });
  assert.is(answer.status, 200, answer.text);
  return answer.json.license as { id: number; license_key: string };
}

test('one scan: a reminder for each licence expiring within 3 days, none for later, expired or e-mail-less ones', async () => {
  const soon = await createLicense('soon@example.com', 2);
  await createLicense('stream@example.com', 1, 'loopstream');
  await createLicense('later@example.com', 5);
  await createLicense('gone@example.com', -1);
  const key = '0b7c9a55-3c1e-4d8a-9f00-5e5e5e5e5e5e';
  await importLicenses(
    server.app.ctx.db,
    [{ license_key: key, key_sha256: hashLicenseKey(key), email: '', app_type: 'loopbot', expired_date: inDays(1) }],
    new Date(clock).toISOString(),
  );

  assert.is(await server.app.ctx.mail.scanReminders(), 2);
  const mail = await smtp.waitFor('soon@example.com');
  assert.match(mail.subject, /^Pengingat: lisensi LoopBOT Anda berakhir \d{1,2} \w+ 20\d\d/);
  assert.match(mail.text, `Kunci lisensi: ${soon.license_key}`);
  assert.match(mail.text, 'https://lynk.id/loopbot/1-bulan');
  const stream = await smtp.waitFor('stream@example.com');
  assert.match(stream.subject, 'langganan LoopStream');
  assert.match(stream.text, 'https://lynk.id/loopbot/loopstream-set-2');

  // Scanning again (or two scans at once) changes nothing.
  assert.equal(await Promise.all([server.app.ctx.mail.scanReminders(), server.app.ctx.mail.scanReminders()]), [0, 0]);
  await outboxDrained(server);
  assert.is(remindersTo('soon@example.com').length, 1);
  assert.equal([remindersTo('later@example.com').length, remindersTo('gone@example.com').length], [0, 0]);
  assert.is((await tableCounts(server)).reminders, 2);
});

test('an extension moves the expiry: no reminder until the new expiry approaches, then a second one', async () => {
  const [license] = (await call(server.url, 'GET', '/api/license/list?search=soon%40example.com', { cookie })).json
    .licenses as Array<{ id: number }>;
  assert.is(
    (await call(server.url, 'POST', `/api/license/extend/${license!.id}`, { cookie, body: { days: 30 } })).status,
    200,
  );
  assert.is(await server.app.ctx.mail.scanReminders(), 0);
  clock += 30 * DAY_MS;
  assert.is(await server.app.ctx.mail.scanReminders(), 1);
  await smtp.waitFor('soon@example.com', 5000, (mail) => remindersTo('soon@example.com').indexOf(mail) === 1);
  assert.is(await server.app.ctx.mail.scanReminders(), 0);
  await outboxDrained(server);
  assert.is(remindersTo('soon@example.com').length, 2);
  assert.is(remindersTo('later@example.com').length, 0, 'expired by now without a reminder window seen by a scan');
});

test('a licence bought through an order is reminded with the checkout link of its plan', async () => {
  const answer = await deliver(
    server,
    paymentDelivery({ email: 'tiga@example.com', items: [{ title: 'LoopBOT 3 Bulan', price: 399_000 }] }),
  );
  assert.is(answer.status, 200);
  await smtp.waitFor('tiga@example.com');
  clock += 88 * DAY_MS;
  assert.is(await server.app.ctx.mail.scanReminders(), 1);
  const reminder = await smtp.waitFor('tiga@example.com', 5000, (mail) => mail.subject.startsWith('Pengingat'));
  assert.match(reminder.text, 'https://lynk.id/loopbot/3-bulan');
});

test('a trial is reminded the day before it ends (not 3 days before a 4-day trial), toward 1 Bulan', async () => {
  const answer = await deliver(
    server,
    paymentDelivery({ email: 'coba@example.com', items: [{ title: 'LoopBOT Trial 4 Hari', price: 24_000 }] }),
  );
  assert.is(answer.status, 200, answer.text);
  await smtp.waitFor('coba@example.com');
  clock += 1.5 * DAY_MS;
  assert.is(await server.app.ctx.mail.scanReminders(), 0, 'two and a half days before the end: not yet');
  clock += 1.6 * DAY_MS;
  assert.is(await server.app.ctx.mail.scanReminders(), 1);
  const reminder = await smtp.waitFor('coba@example.com', 5000, (mail) => mail.subject.startsWith('Pengingat'));
  assert.match(reminder.text, 'https://lynk.id/loopbot/1-bulan');
  assert.not.match(reminder.text, 'trial-4-hari');
});

test("reminders name the shop's WhatsApp chat and support address from the storefront", async () => {
  cookie = await loginCookie(server.url); // the clock moved past the session's life
  await createLicense('kontak@example.com', 2);
  assert.is(await server.app.ctx.mail.scanReminders(), 1);
  const reminder = await smtp.waitFor('kontak@example.com', 5000, (mail) => mail.subject.startsWith('Pengingat'));
  assert.match(
    reminder.text,
    'Hubungi admin melalui WhatsApp: https://wa.me/6281234567890 atau e-mail support@loopbot.id',
  );
});

test('a free trial (no order) is not reminded as it is issued, but the day before its 3 days end', async () => {
  const email = 'gratis@example.com';
  assert.is((await call(server.url, 'POST', '/api/trial', { body: { email } })).status, 200);
  const opened = await openLink(server.url, (await mailedToken(server.app.ctx.db, email))!);
  assert.is((opened.json.trial as { issued: boolean }).issued, true, opened.text);
  await smtp.waitFor(email, 5000, (mail) => mail.text.includes('Kunci lisensi'));
  assert.is(await server.app.ctx.mail.scanReminders(), 0, 'not within a scan of its key');
  clock += 1.9 * DAY_MS;
  assert.is(await server.app.ctx.mail.scanReminders(), 0, 'over a day before its end: not yet');
  clock += 0.2 * DAY_MS;
  assert.is(await server.app.ctx.mail.scanReminders(), 1);
  const reminder = await smtp.waitFor(email, 5000, (mail) => mail.subject.startsWith('Pengingat'));
  assert.is(remindersTo(email).length, 1);
  assert.match(reminder.text, 'https://lynk.id/loopbot/1-bulan');
});

test.run();
