/**
 * The exports as an Excel workbook, read back by unzipping it and reading its sheet: text cells for
 * texts (phone numbers keep their 0 and +, a formula is only text), number cells for numbers, the
 * CSV's columns, a refusal for a bad table and without a session.
 */
import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { XLSX_TYPE } from '../../contract/calls/insights-xlsx';
import { adminServer, call } from '../harness';
import { fixedClock } from './admin-api-helpers';
import { parseCsv } from './csv-parse';

const NOW = '2026-11-27T05:00:00.000Z';
const test = suite('insights xlsx');
const admin = adminServer(test, {}, { now: fixedClock(NOW).at });
const AT = '2026-11-20T00:00:00.000Z';
const HOSTILE = "Budi;=cmd|' /C calc'!A0";

type SheetCell = { type: 'text' | 'number'; value: string };

const unescapeXml = (text: string): string =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
  );

/** The first sheet's rows as typed cells, by column letter. */
function readSheet(bytes: Uint8Array): Array<Record<string, SheetCell>> {
  const files = unzipSync(bytes);
  const shared = [...strFromU8(files['xl/sharedStrings.xml']!).matchAll(/<si><t[^>]*>([\s\S]*?)<\/t><\/si>/g)].map(
    (match) => unescapeXml(match[1]!),
  );
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  assert.not.match(sheet, /<f>/, 'no formula anywhere');
  return [...sheet.matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
    Object.fromEntries(
      [...row[1]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*)><v>([^<]*)<\/v><\/c>/g)].map((cell) => [
        cell[1]!,
        / t="s"/.test(cell[2]!)
          ? { type: 'text' as const, value: shared[Number(cell[3])]! }
          : { type: 'number' as const, value: cell[3]! },
      ]),
    ),
  );
}

const columnLetter = (index: number): string => String.fromCharCode(65 + index);

async function download(table: string): Promise<{ rows: Array<Record<string, SheetCell>>; csvHeader: string[] }> {
  const response = await fetch(`${admin.server.url}/api/insights/export.xlsx?table=${table}&period=30d`, {
    headers: { cookie: admin.cookie },
  });
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), XLSX_TYPE);
  assert.match(response.headers.get('content-disposition') ?? '', `filename="${table}-2026-10-29-to-2026-11-27.xlsx"`);
  const rows = readSheet(new Uint8Array(await response.arrayBuffer()));
  const csv = await call(admin.server.url, 'GET', `/api/insights/export?table=${table}&period=30d`, {
    cookie: admin.cookie,
  });
  return { rows, csvHeader: parseCsv(csv.text.replace(/^\uFEFF/, ''))[0]! };
}

test.before(async () => {
  const db = admin.server.app.ctx.db;
  await db.run(
    `INSERT INTO orders (ref_id, message_id, signed_string, customer_name, customer_email, customer_phone, items, amount_idr, status, note, created_at, updated_at)
     VALUES ('REF-X1', 'm-x1', 's-x1', ?, 'sari@example.com', '081234567890', '[]', 150000, 'fulfilled', '+62 812 0000', ?, ?)`,
    [HOSTILE, AT, AT],
  );
  const key = 'KEY-XLSX-1';
  await db.run(
    `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, device_name, created_at, updated_at)
     VALUES (?, ?, 'sari@example.com', 'loopbot', 'active', '2026-11-25T00:00:00.000Z', ?, ?, ?)`,
    [key, createHash('sha256').update(key).digest(), HOSTILE, AT, AT],
  );
});

test('orders workbook: the CSV columns; phone numbers and formulas as text cells, rupiah and ids as numbers', async () => {
  const { rows, csvHeader } = await download('orders');
  const header = Object.values(rows[0]!).map((cell) => cell.value);
  assert.equal(header, csvHeader);
  const at = (name: string): SheetCell => rows[1]![columnLetter(header.indexOf(name))]!;
  assert.equal(at('customer_phone'), { type: 'text', value: '081234567890' });
  assert.equal(at('note'), { type: 'text', value: '+62 812 0000' });
  assert.equal(at('customer_name'), { type: 'text', value: HOSTILE });
  assert.equal(at('amount_idr'), { type: 'number', value: '150000' });
  assert.is(at('id').type, 'number');
  assert.equal(at('created_at (WIB)'), { type: 'text', value: '2026-11-20 07:00' });
});

test('licences workbook: status by the expiry rule, the trial column, the device name as text', async () => {
  const { rows } = await download('licenses');
  const header = Object.values(rows[0]!).map((cell) => cell.value);
  const at = (name: string): SheetCell => rows[1]![columnLetter(header.indexOf(name))]!;
  assert.equal(at('status'), { type: 'text', value: 'expired' });
  assert.equal(at('device_name'), { type: 'text', value: HOSTILE });
  assert.equal(at('trial'), { type: 'text', value: 'no' });
});

test('refusals: a bad table 400, no session 401', async () => {
  const bad = await call(admin.server.url, 'GET', '/api/insights/export.xlsx?table=secrets', { cookie: admin.cookie });
  assert.is(bad.status, 400);
  assert.is((await call(admin.server.url, 'GET', '/api/insights/export.xlsx?table=orders')).status, 401);
});

test.run();
