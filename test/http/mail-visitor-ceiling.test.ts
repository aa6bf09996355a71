/**
 * The shop-wide ceiling on visitors' link e-mails (VISITOR_LINKS_PER_HOUR, each kind its own
 * count): past it every trial request is refused alike, sign-in links still go out, and the owner
 * gets one alert e-mail, through a real SMTP server.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { freshIp, licenseOf, signInMails } from './buyer-helpers';

const SUPPORT = 'support@loopbot.id';
let smtp: TestSmtp;
let server: TestServer;

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'admin@loopbot.test',
    TRUST_PROXY: '1',
    VISITOR_LINKS_PER_HOUR: '3',
  });
});

test.after(async () => {
  await server.close();
  await smtp.close();
});

const trial = (email: string) => call(server.url, 'POST', '/api/trial', { body: { email }, headers: freshIp() });
const alerts = async (): Promise<number> =>
  Number(
    (await server.app.ctx.db.get<{ n: number }>('SELECT count(*) AS n FROM outbox WHERE to_address = ?', [SUPPORT]))
      ?.n ?? 0,
  );

test('past the ceiling every trial request is refused with 429, sign-in links still go, and the owner hears once', async () => {
  for (const name of ['a', 'b', 'c']) assert.is((await trial(`${name}@visitor.test`)).status, 200);
  const refused = await trial('d@visitor.test');
  assert.is(refused.status, 429, refused.text);
  assert.equal(refused.json.success, false);
  assert.match(String(refused.json.error), /^Terlalu banyak permintaan\. Coba lagi dalam \d+ menit\.$/);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  assert.is(await signInMails(server.app.ctx.db, 'd@visitor.test'), 0, 'nothing queued for the refused one');

  const alert = await smtp.waitFor(SUPPORT);
  assert.is(alert.subject, 'Peringatan toko: batas tautan uji coba gratis per jam tercapai');
  assert.match(alert.text, 'sudah mengirim 3 tautan uji coba gratis dalam satu jam');
  assert.match(alert.text, / pukul \d\d:\d\d WIB/);
  assert.is((await trial('e@visitor.test')).status, 429);
  assert.is(await alerts(), 1, 'one alert per incident');

  await licenseOf(server, 'pembeli@example.com');
  const link = await call(server.url, 'POST', '/api/account/link', {
    body: { email: 'pembeli@example.com' },
    headers: freshIp(),
  });
  assert.is(link.status, 200, link.text);
  assert.is(await signInMails(server.app.ctx.db, 'pembeli@example.com'), 1, 'sign-in links have their own count');
});

test.run();
