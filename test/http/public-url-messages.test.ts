/**
 * Licence texts at the shop's own address (PUBLIC_URL): with the download and tutorial links left empty (as
 * "Initialize Defaults" writes them), the `.txt`, the licence e-mails (read from the SMTP server) and the template
 * preview link to the shop's /loopbot, /loopstream and /tutorial pages; no answer and no e-mail names example.com.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { call, loginCookie, startServer } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';
import { startTestSmtp } from '../test-smtp';
import type { TestSmtp } from '../test-smtp';
import { deliver, MERCHANT_KEY, paymentDelivery } from './lynk-helpers';

const SHOP = 'https://shop.example.id';
const BOT_LINKS = [`Unduh LoopBOT: ${SHOP}/tutorial#instal\n`, `Tutorial pemasangan: ${SHOP}/tutorial\n`];
const STREAM_LINKS = [`Aplikasi LoopStream: ${SHOP}/loopstream\n`, `Tutorial penggunaan: ${SHOP}/tutorial\n`];

let smtp: TestSmtp;
let server: TestServer;
let cookie = '';
/** Every answer and e-mail of this file, searched for example.com at the end. */
const seen: string[] = [];

test.before(async () => {
  smtp = await startTestSmtp();
  server = await startServer({
    PUBLIC_URL: SHOP,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'LoopBOT <admin@shop.example.id>',
    LYNK_MERCHANT_KEY: MERCHANT_KEY,
  });
  cookie = await loginCookie(server.url);
});

test.after(async () => {
  await server?.close();
  await smtp?.close();
});

async function api(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const answer = await call(server.url, method, path, { cookie, body });
  seen.push(answer.text);
  assert.is(answer.status, 200, `${method} ${path}: ${answer.text}`);
  return answer;
}

function assertLinks(text: string, links: string[], what: string): void {
  for (const link of links) assert.ok(text.includes(link), `${what} has "${link.trim()}":\n${text}`);
}

test('Initialize Defaults seeds the links empty, never an example.com address', async () => {
  await api('POST', '/api/config/initialize');
  const rows = (await api('GET', '/api/config/list')).json.configs as Array<{
    config_key: string;
    config_value: string;
  }>;
  const links = rows.filter((row) => row.config_key.includes('url'));
  assert.equal(
    links.map((row) => [row.config_key, row.config_value]),
    [
      ['loopbot_download_url', ''],
      ['loopbot_tutorial_url', ''],
      ['loopstream_download_url', ''],
      ['loopstream_tutorial_url', ''],
    ],
  );
});

test("empty links: the .txt and the licence e-mail link to the shop's own pages", async () => {
  const cases = [
    { email: 'budi@pembeli.id', app_type: 'loopbot', links: BOT_LINKS },
    { email: 'sari@pembeli.id', app_type: 'loopstream', links: STREAM_LINKS },
  ];
  for (const item of cases) {
    const created = await api('POST', '/api/license/create', {
      email: item.email,
      app_type: item.app_type,
      expired_date: '2030-01-01T00:00:00Z',
    });
    const license = created.json.license as { id: number; license_key: string };
    const file = await api('GET', `/api/license/download/${license.license_key}`);
    assertLinks(file.text, item.links, `${item.app_type} .txt`);
    await api('POST', `/api/license/email/${license.id}`);
    const mail = await smtp.waitFor(item.email);
    seen.push(mail.raw);
    assertLinks(mail.text, item.links, `${item.app_type} licence e-mail`);
  }
});

test("empty links: a paid order's licence e-mail links to the shop's own pages", async () => {
  const answer = await deliver(
    server,
    paymentDelivery({ email: 'rina@pembeli.id', name: 'Rina', refId: 'REF-ADDRESS-1' }),
  );
  seen.push(answer.text);
  assert.is(answer.status, 200, answer.text);
  const mail = await smtp.waitFor('rina@pembeli.id', 5000, (message) => message.subject.startsWith('Lisensi'));
  seen.push(mail.raw);
  assertLinks(mail.text, BOT_LINKS, 'paid order e-mail');
});

test("empty links: the template preview links to the shop's own pages", async () => {
  const rows = (await api('GET', '/api/config/list')).json.configs as Array<{
    config_key: string;
    config_value: string;
  }>;
  for (const [appType, links] of [
    ['loopbot', BOT_LINKS],
    ['loopstream', STREAM_LINKS],
  ] as const) {
    const template = rows.find((row) => row.config_key === `${appType}_template`)!.config_value;
    const preview = (await api('POST', '/api/config/template/preview', { template, app_type: appType })).json
      .preview as string;
    assertLinks(`${preview}\n`, links, `${appType} preview`);
  }
  const bare = await api('POST', '/api/config/template/preview', {
    template: '{download_url} | {tutorial_url}',
    app_type: 'loopbot',
  });
  assert.is(bare.json.preview, `${SHOP}/tutorial#instal | ${SHOP}/tutorial`);
});

test('a link the owner sets is used as it is', async () => {
  const rows = (await api('GET', '/api/config/list')).json.configs as Array<{ id: number; config_key: string }>;
  const download = rows.find((row) => row.config_key === 'loopbot_download_url')!;
  await api('PUT', `/api/config/update/${download.id}`, {
    config_value: 'https://unduh.pembeli.id/loopbot.zip',
    description: 'mine',
  });
  const preview = await api('POST', '/api/config/template/preview', {
    template: '{download_url} | {tutorial_url}',
    app_type: 'loopbot',
  });
  assert.is(preview.json.preview, `https://unduh.pembeli.id/loopbot.zip | ${SHOP}/tutorial`);
});

test('nothing this file saw names example.com', () => {
  assert.ok(seen.length > 10);
  for (const text of seen) assert.not.ok(/example\.com/i.test(text), text);
});

test.run();
