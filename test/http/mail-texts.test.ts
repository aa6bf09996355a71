/**
 * What each buyer e-mail says, as received by a real SMTP server: a free trial's says a trial
 * started (never "thank you for buying"), a renewal says the same key was extended and until when,
 * and "payment received" and the LoopStream access e-mail end with the /lisensi link like the rest.
 * `MAIL_TEXTS=1` prints them, to read them as a buyer would.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Order } from '../../contract/calls/orders';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import type { ReceivedMail, TestSmtp } from '../test-smtp';
import { freshIp, mailedToken, openLink } from './buyer-helpers';
import { deliver, keyInMail, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

const SHOP = 'https://toko.example.id';
const ACCOUNT_LINE = `Cek lisensi Anda: ${SHOP}/lisensi`;
let smtp: TestSmtp;
let server: TestServer;
let cookie = '';

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    LYNK_MERCHANT_KEY: MERCHANT_KEY,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'admin@loopbot.test',
    TRUST_PROXY: '1',
    PUBLIC_URL: SHOP,
  });
  cookie = await loginCookie(server.url);
  // The LoopStream access file needs the default credentials.
  assert.is((await call(server.url, 'POST', '/api/config/initialize', { cookie, body: {} })).status, 200);
});

test.after(async () => {
  await server.close();
  await smtp.close();
});

function show(mail: ReceivedMail): ReceivedMail {
  if (process.env.MAIL_TEXTS) console.log(`\n--- To: ${mail.to.join()}\nSubject: ${mail.subject}\n\n${mail.text}\n---`);
  return mail;
}

test('a free trial’s licence e-mail says a free trial started, for how long, with the key and the /lisensi link', async () => {
  const email = 'coba@example.com';
  assert.is((await call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() })).status, 200);
  const opened = await openLink(server.url, (await mailedToken(server.app.ctx.db, email))!);
  assert.is(opened.status, 200, opened.text);
  const mail = show(await smtp.waitFor(email, 5000, (received) => received.text.includes('Kunci lisensi')));
  assert.is(mail.subject, 'Uji coba gratis LoopBOT Anda sudah aktif');
  assert.match(mail.text, /^Halo,\n\nUji coba gratis LoopBOT Anda sudah aktif: 3 hari, sampai \d{1,2} \w+ 20\d\d/);
  assert.not.match(mail.text, 'membeli');
  assert.ok(keyInMail(mail.text));
  assert.ok(mail.text.trimEnd().endsWith(ACCOUNT_LINE), mail.text);
});

test('a free trial sent again (the owner’s "Send by e-mail", the buyer’s "Kirim ulang") keeps the trial’s words', async () => {
  const email = 'coba-lagi@example.com';
  assert.is((await call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() })).status, 200);
  const opened = await openLink(server.url, (await mailedToken(server.app.ctx.db, email))!);
  assert.is(opened.status, 200, opened.text);
  const first = await smtp.waitFor(email, 5000, (received) => received.text.includes('Kunci lisensi'));
  const license = await server.app.ctx.db.get<{ id: number }>('SELECT id FROM licenses WHERE email = ?', [email]);
  const sent = await call(server.url, 'POST', `/api/license/email/${license!.id}`, { cookie });
  assert.is(sent.status, 200, sent.text);
  const again = show(
    await smtp.waitFor(email, 15000, (received) => received !== first && received.text.includes('Kunci lisensi')),
  );
  assert.is(again.subject, 'Uji coba gratis LoopBOT Anda sudah aktif');
  assert.match(again.text, 'Uji coba gratis LoopBOT Anda sudah aktif: 3 hari');
  assert.not.match(again.text, 'membeli');
});

test('a second payment extends the same key, and its e-mail says so with the old and new end', async () => {
  const email = 'perpanjang@example.com';
  assert.is((await deliver(server, paymentDelivery({ email }))).status, 200);
  const first = await smtp.waitFor(email);
  assert.is(first.subject, 'Lisensi LoopBOT Anda');
  assert.is((await deliver(server, paymentDelivery({ email, refId: 'REF-RENEW-2' }))).status, 200);
  const renewal = show(await smtp.waitFor(email, 5000, (mail) => mail !== first));
  assert.match(renewal.subject, /^Lisensi LoopBOT Anda diperpanjang sampai \d{1,2} \w+ 20\d\d/);
  assert.match(
    renewal.text,
    /sudah diperpanjang: kuncinya tetap sama, kini berlaku sampai .+ \(sebelumnya sampai .+\)\./,
  );
  assert.match(renewal.text, 'Tidak perlu memasang ulang atau mengaktifkan ulang');
  assert.not.match(renewal.text, 'Terima kasih telah membeli');
  assert.is(keyInMail(renewal.text), keyInMail(first.text));
  assert.ok(renewal.text.trimEnd().endsWith(ACCOUNT_LINE), renewal.text);
});

test('"payment received" and the LoopStream access e-mail end with the /lisensi link', async () => {
  const email = 'stream@example.com';
  const items = [{ title: 'LoopStream Set 2', price: 275_000 }];
  assert.is((await deliver(server, paymentDelivery({ email, refId: 'REF-STREAM-1', items }))).status, 200);
  const received = show(await smtp.waitFor(email));
  assert.is(received.subject, 'Pembayaran diterima: pesanan Anda sedang kami siapkan');
  assert.ok(received.text.trimEnd().endsWith(ACCOUNT_LINE), received.text);
  const list = await call(server.url, 'GET', '/api/order/list?search=REF-STREAM-1', { cookie });
  const order = (list.json.orders as Order[])[0]!;
  const setUp = await call(server.url, 'POST', `/api/order/loopstream/${order.id}`, {
    cookie,
    body: {
      package_type: 'Set 2',
      customer_name: 'Sari',
      ip_server: '203.0.113.9',
      expired_date: '2030-01-01T00:00:00Z',
    },
  });
  assert.is(setUp.status, 200, setUp.text);
  const access = show(await smtp.waitFor(email, 5000, (mail) => mail.subject.startsWith('Akses server LoopStream')));
  assert.match(access.text, '203.0.113.9:5000');
  assert.ok(access.text.trimEnd().endsWith(ACCOUNT_LINE), access.text);
});

test.run();
