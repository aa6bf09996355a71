import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminServer, call } from '../harness';
import { fixedClock } from './admin-api-helpers';
import { parseCsv } from './csv-parse';

const NOW = '2026-11-27T05:00:00.000Z';
const test = suite('insights csv');
const admin = adminServer(test, {}, { now: fixedClock(NOW).at });
const api = (path: string) => call(admin.server.url, 'GET', path, { cookie: admin.cookie });
/** WIB is UTC+7 all year: the wall time a spreadsheet should show, counted apart from the server's zone code. */
const wib = (iso: string): string =>
  new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

const NAMES = [
  '=HYPERLINK("x")',
  'Siti Nurhaliza, Jl. Merdeka No. 5',
  'Dewi "Ica" Lestari',
  '+62 812-3456',
  '@budi',
  '-Ñoño Ülkü ŞĞ 🙏',
  'Wayan\nBali',
];
const defused = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
// The 30-day period starts at midnight WIB on 29 October: 2026-10-28T17:00Z; a row 1 ms before stays out.
const TIMES = [
  '2026-10-28T17:00:00.000Z',
  '2026-11-01T03:04:05.000Z',
  '2026-11-26T16:59:59.999Z',
  '2026-11-27T04:00:00.000Z',
  '2026-11-10T00:00:00.000Z',
  '2026-11-11T00:00:00.000Z',
  '2026-11-12T00:00:00.000Z',
];
const OUTSIDE = '2026-10-28T16:59:59.999Z';

test.before(async () => {
  const db = admin.server.app.ctx.db;
  const rows = [...NAMES.map((name, index) => ({ name, at: TIMES[index]! })), { name: 'Too early', at: OUTSIDE }];
  for (const [index, row] of rows.entries()) {
    const items = JSON.stringify([
      {
        title: 'LoopBOT 1 Bulan',
        qty: 2,
        price: 150000,
        plan_id: 'loopbot-1m',
        plan_name: 'LoopBOT 1 Bulan',
        plan_price_idr: 150000,
      },
    ]);
    await db.run(
      `INSERT INTO orders (ref_id, message_id, signed_string, customer_name, customer_email, customer_phone, items, amount_idr, status, note, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, '', ?, 300000, 'fulfilled', ?, ?, ?)`,
      [`REF-${index}`, `m-${index}`, `s-${index}`, row.name, `b${index}@example.com`, items, row.name, row.at, row.at],
    );
    const key = `KEY-CSV-${index}`;
    await db.run(
      `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, created_at, updated_at) VALUES (?, ?, ?, 'loopbot', 'active', '2027-01-01T00:00:00.000Z', ?, ?)`,
      [key, createHash('sha256').update(key).digest(), `b${index}@example.com`, row.at, row.at],
    );
    await db.run(
      `INSERT INTO loopstreams (package_type, customer_name, ip_server, expired_date, created_at) VALUES ('Paket 1', ?, '10.0.0.1:5000', '2027-01-01T00:00:00.000Z', ?)`,
      [row.name, row.at],
    );
    await db.run(
      `INSERT INTO outbox (kind, to_address, subject, body, status, next_attempt_at, created_at, updated_at) VALUES ('license', ?, ?, 'secret body', 'sent', ?, ?, ?)`,
      [`b${index}@example.com`, row.name, row.at, row.at, row.at],
    );
  }
});

async function table(name: string): Promise<{
  header: string[];
  rows: Record<string, string>[];
  text: string;
  type: string | null;
  disposition: string | null;
}> {
  const answer = await api(`/api/insights/export?table=${name}&period=30d`);
  assert.is(answer.status, 200, answer.text);
  // fetch's text() drops a BOM: read the bytes themselves.
  const response = await fetch(`${admin.server.url}/api/insights/export?table=${name}&period=30d`, {
    headers: { cookie: admin.cookie },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.equal([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'a BOM so Excel reads UTF-8');
  const [header, ...rows] = parseCsv(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  return {
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((column, index) => [column, row[index]!]))),
    text: answer.text,
    type: answer.headers.get('content-type'),
    disposition: answer.headers.get('content-disposition'),
  };
}

test('orders CSV: the rows come back through a parser, defused, in WIB, whole rupiah', async () => {
  const orders = await table('orders');
  assert.is(orders.type, 'text/csv; charset=utf-8');
  assert.match(orders.disposition ?? '', /attachment; filename="orders-2026-10-29-to-2026-11-27\.csv"/);
  assert.ok(orders.header.includes('created_at (WIB)'), orders.header.join());
  const sorted = NAMES.map((name, index) => ({ name, at: TIMES[index]! })).sort((a, b) => a.at.localeCompare(b.at));
  assert.equal(
    orders.rows.map((row) => [row.customer_name, row.note, row['created_at (WIB)'], row.amount_idr, row.items]),
    sorted.map((row) => [defused(row.name), defused(row.name), wib(row.at), '300000', 'LoopBOT 1 Bulan × 2 @ 150000']),
  );
  assert.ok(orders.text.includes(`"'=HYPERLINK(""x"")"`), 'the formula arrives as quoted text');
  assert.ok(!orders.rows.some((row) => row.customer_name === 'Too early'), 'a row 1 ms before midnight WIB stays out');
});

test('licences, LoopStream records and the outbox CSVs hold the period rows', async () => {
  const licenses = await table('licenses');
  assert.equal(
    licenses.rows.map((row) => row['expired_date (WIB)']),
    NAMES.map(() => '2027-01-01 07:00'),
  );
  const streams = await table('loopstreams');
  assert.equal(streams.rows.map((row) => row.customer_name).sort(), NAMES.map(defused).sort());
  const outbox = await table('outbox');
  assert.equal(outbox.rows.map((row) => row.subject).sort(), NAMES.map(defused).sort());
  assert.not.ok(outbox.text.includes('secret body'), 'mail bodies (licence keys, links) stay out of the export');
});

test('licences CSV: status by the one expiry rule; plan, order and trial columns', async () => {
  const db = admin.server.app.ctx.db;
  const at = '2026-11-20T00:00:00.000Z';
  const add = async (key: string, expiry: string, status = 'active'): Promise<number> => {
    await db.run(
      `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, created_at, updated_at) VALUES (?, ?, ?, 'loopbot', ?, ?, ?, ?)`,
      [key, createHash('sha256').update(key).digest(), `${key.toLowerCase()}@example.com`, status, expiry, at, at],
    );
    return Number((await db.get<{ id: number }>('SELECT id FROM licenses WHERE license_key = ?', [key]))!.id);
  };
  await add('KEY-LAPSED', '2026-11-26T00:00:00.000Z');
  await add('KEY-HELD', '2026-11-26T00:00:00.000Z', 'suspended');
  const paid = await add('KEY-PAID', '2026-12-27T05:00:00.000Z');
  const trial = await add('KEY-TRIAL', '2026-11-30T05:00:00.000Z');
  const order = Number((await db.get<{ id: number }>("SELECT id FROM orders WHERE ref_id = 'REF-1'"))!.id);
  await db.run(`INSERT INTO order_licenses (order_id, license_id, change, days, plan_id) VALUES (?, ?, 'new', 30, ?)`, [
    order,
    paid,
    'loopbot-1-bulan',
  ]);
  await db.run('INSERT INTO trials (email, license_id, created_at) VALUES (?, ?, ?)', [
    'key-trial@example.com',
    trial,
    at,
  ]);
  const { header, rows } = await table('licenses');
  assert.equal(header.slice(-3), ['plan', 'order_id', 'trial']);
  const byKey = new Map(rows.map((row) => [row.license_key, row]));
  const read = (key: string) => {
    const row = byKey.get(key)!;
    return [row.status, row.plan, row.order_id, row.trial];
  };
  assert.equal(read('KEY-LAPSED'), ['expired', '', '', 'no'], 'stored active, expiry passed');
  assert.equal(read('KEY-HELD'), ['expired', '', '', 'no'], 'a passed expiry wins over the stored word');
  assert.equal(read('KEY-PAID'), ['active', 'loopbot-1-bulan', String(order), 'no']);
  assert.equal(read('KEY-TRIAL'), ['active', '', '', 'yes']);
});

test('csv parser: quoted commas, doubled quotes, line breaks inside quotes, LF and CRLF', () => {
  assert.equal(parseCsv('a,"b,c","d ""e"""\r\n"x\ny",,z\n'), [
    ['a', 'b,c', 'd "e"'],
    ['x\ny', '', 'z'],
  ]);
});

test.run();
