/**
 * The Insights summaries (data/insights/summary-migration.ts) after a mixed history of writes: raw
 * rows (as a restore or a script writes them), then the repositories' own writes: licences created,
 * extended, shortened and deleted, LoopStream records moved and deleted, renewal orders before and
 * after a reminder, device events. Every hourly figure equals a recount from the raw rows, the
 * migration's fill gives the same table again, and every licence day with 2 or more devices has a
 * note in insight_shared.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { insightSummaryFill } from '../../data/insights/summary-migration';
import { FIGURES, figureSource } from '../../data/insights/summary-figures';
import { changeLicenseExpiry } from '../../data/licenses/expiry';
import { addLicenseEvent } from '../../data/licenses/events';
import { createLicense, deleteLicense } from '../../data/licenses/licenses';
import { changeLoopstreamExpiry, createLoopstream, deleteLoopstream } from '../../data/loopstreams';
import { insertOrderIn, linkOrderLicenseIn } from '../../data/orders';
import { queueReminder } from '../../data/reminders';
import type { Store } from '../../data/store';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { startServer } from '../harness';
import type { TestServer } from '../harness';
import { makeHistory, seedHistory } from './insights-seed';

const NOW = Date.parse('2026-11-27T05:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const test = suite('insights-summary');
let server: TestServer;
const db = (): Store => server.app.ctx.db;

test.before(async () => {
  server = await startServer();
});
test.after(() => server.close());

type Line = { figure: string; hour: string; item: string; label: string; n: number; amount: number };
const tidy = (rows: Record<string, unknown>[]): Line[] =>
  rows
    .map((row) => ({
      figure: String(row.figure),
      hour: String(row.hour),
      item: String(row.item),
      label: String(row.label ?? ''),
      n: Number(row.n),
      amount: Math.round(Number(row.amount)),
    }))
    .filter((line) => line.n !== 0 || line.amount !== 0)
    .sort((a, b) =>
      `${a.figure}|${a.hour}|${a.item}|${a.label}`.localeCompare(`${b.figure}|${b.hour}|${b.item}|${b.label}`),
    );

async function summary(store: Store): Promise<Line[]> {
  return tidy(
    await store.all(
      `SELECT figure, hour, item, max(label) AS label, sum(n) AS n, sum(amount) AS amount FROM insight_hours
       GROUP BY figure, hour, item`,
    ),
  );
}

/** The daily table must hold the hourly one added up per UTC day. */
async function daysMatchHours(store: Store): Promise<void> {
  const days = tidy(await store.all('SELECT figure, day AS hour, item, label, n, amount FROM insight_days'));
  const hours = tidy(
    await store.all(
      `SELECT figure, substr(hour, 1, 10) AS hour, item, label, sum(n) AS n, sum(amount) AS amount FROM insight_hours
       GROUP BY figure, substr(hour, 1, 10), item, label`,
    ),
  );
  assert.equal(days, hours);
}

/** Each figure counted from its rows by the definition the edges of a period are counted with. */
async function recount(store: Store): Promise<Line[]> {
  const rows: Record<string, unknown>[] = [];
  for (const figure of FIGURES) {
    const source = figureSource(store.engine, figure);
    const hour = `substr(${source.time}, 1, 13)`;
    const grouped = source.item === "''" ? hour : `${hour}, ${source.item}`;
    rows.push(
      ...(await store.all(
        `SELECT '${figure}' AS figure, ${hour} AS hour, ${source.item} AS item, ${source.label} AS label,
           ${source.n} AS n, ${source.amount} AS amount FROM ${source.from} WHERE ${source.where} GROUP BY ${grouped}`,
      )),
    );
  }
  return tidy(rows);
}

let keys = 0;
const newLicense = (created: number, days: number) => () => {
  const key = `SUM-${++keys}`;
  return {
    license_key: key,
    key_sha256: hashLicenseKey(key),
    email: 'sum@example.com',
    app_type: 'loopbot' as const,
    expired_date: iso(created + days * 24 * HOUR),
    created_at: iso(created),
  };
};

async function order(store: Store, ref: string, at: number, licenseId: number, change: 'created' | 'extended') {
  await store.transaction(async (tx) => {
    const item = {
      title: 'LoopBOT',
      qty: 2,
      price: 75_000,
      plan_id: 'loopbot-1m',
      plan_name: 'LoopBOT 1 Bulan',
      plan_price_idr: 75_000,
    };
    const { id } = await insertOrderIn(
      tx,
      {
        ref_id: ref,
        message_id: `m-${ref}`,
        signed_string: `s-${ref}`,
        customer_name: 'Budi',
        customer_email: 'sum@example.com',
        customer_phone: '',
        items: [item, { ...item, qty: 1 }],
        amount_idr: 225_000,
        status: 'fulfilled',
        note: '',
      },
      iso(at),
    );
    await linkOrderLicenseIn(tx, { order_id: id, license_id: licenseId, change, days: 30, plan_id: 'loopbot-1m' });
  });
}

test('after raw rows and the repositories’ writes, every hourly figure equals a recount from the rows', async () => {
  await seedHistory(db(), makeHistory(NOW));
  // The seed gives its own ids: PostgreSQL's identity columns go on after them.
  if (db().engine === 'postgres')
    for (const table of ['licenses', 'orders', 'loopstreams', 'license_events'])
      await db().get(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  const at = (hours: number) => iso(NOW - hours * HOUR);
  const a = (await createLicense(db(), newLicense(NOW - 40 * 24 * HOUR, 30), at(900)))!;
  const b = (await createLicense(db(), newLicense(NOW - 20 * 24 * HOUR, 30), at(400)))!;
  const c = (await createLicense(db(), newLicense(NOW - 5 * 24 * HOUR, 1), at(100)))!;
  // A reminder, then a renewal within 7 days; another licence renewed before its reminder (not counted).
  await queueReminder(db(), a, { kind: 'reminder', to_address: 'sum@example.com', subject: 's', body: 'b' }, at(300));
  await order(db(), 'SUM-1', NOW - 250 * HOUR, a.id, 'extended');
  await order(db(), 'SUM-2', NOW - 390 * HOUR, b.id, 'extended');
  await queueReminder(db(), b, { kind: 'reminder', to_address: 'sum@example.com', subject: 's', body: 'b' }, at(380));
  await order(db(), 'SUM-3', NOW - 390 * HOUR, c.id, 'created');
  await changeLicenseExpiry(
    db(),
    a.id,
    (row) => iso(Date.parse(row.expired_date) + 30 * 24 * HOUR),
    at(250),
    { days: 30 },
    'order',
  );
  await changeLicenseExpiry(db(), b.id, (row) => iso(Date.parse(row.expired_date) - 40 * 24 * HOUR), at(200), {
    days: -40,
  });
  await changeLicenseExpiry(db(), c.id, () => at(120), at(110), { days: -1 });
  await deleteLicense(db(), b.id, at(50));
  await db().run('UPDATE licenses SET created_at = ? WHERE id = ?', [at(5000), c.id]);
  const stream = await createLoopstream(
    db(),
    { package_type: 'Paket 1', customer_name: 'X', ip_server: '10.0.0.2:5000', expired_date: at(-100) },
    at(700),
  );
  const gone = await createLoopstream(
    db(),
    { package_type: 'Paket 1', customer_name: 'Y', ip_server: '10.0.0.3:5000', expired_date: at(-10) },
    at(600),
  );
  await changeLoopstreamExpiry(db(), stream.id, () => at(650));
  await deleteLoopstream(db(), gone.id);
  for (const [device, hours, type] of [
    ['d-1', 30, 'activated'],
    ['d-2', 29, 'validation_failed'],
    ['d-3', 28, 'rate_limited'],
    ['d-1', 27, 'deactivated'],
  ] as const)
    await addLicenseEvent(db(), {
      license_id: a.id,
      type,
      actor: 'device',
      device_id: device,
      at: at(hours),
      data: type === 'validation_failed' ? { call: 'validate', code: 'DEVICE_MISMATCH' } : null,
    });
  const kept = await summary(db());
  assert.equal(kept, await recount(db()));
  await daysMatchHours(db());
  for (const figure of [
    'reminder_renewed',
    'renewal',
    'plan',
    'license_start',
    'license_end',
    'loopstream_end',
    'moved',
    'expiry_moved',
  ])
    assert.ok(
      kept.some((line) => line.figure === figure && line.n > 0),
      `${figure} is reached`,
    );
});

test('every licence day seen from 2 or more devices has a note in insight_shared within it', async () => {
  const events = await db().all<{ license_id: unknown; device_id: string; at: string }>(
    `SELECT license_id, device_id, at FROM license_events
     WHERE type IN ('activated', 'validation_failed', 'rate_limited', 'deactivated') AND device_id IS NOT NULL`,
  );
  const notes = await db().all<{ license_id: unknown; at: string }>('SELECT license_id, at FROM insight_shared');
  const days = new Map<string, Set<string>>();
  for (const event of events) {
    const slot = `${String(event.license_id)}|${iso(Date.parse(event.at) + 7 * HOUR).slice(0, 10)}`;
    days.set(slot, (days.get(slot) ?? new Set()).add(event.device_id));
  }
  const noted = new Set(
    notes.map((note) => `${String(note.license_id)}|${iso(Date.parse(note.at) + 7 * HOUR).slice(0, 10)}`),
  );
  const shared = [...days].filter(([, devices]) => devices.size >= 2).map(([slot]) => slot);
  assert.ok(shared.length > 5, 'the history has licence days with several devices');
  for (const slot of shared) assert.ok(noted.has(slot), slot);
});

test('the migration’s fill, run again on cleared tables, gives the same summaries', async () => {
  const kept = await summary(db());
  await db().run('DELETE FROM insight_hours');
  await db().run('DELETE FROM insight_shared');
  const fill = insightSummaryFill(db().engine)
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
  for (const statement of fill) await db().run(statement);
  assert.equal(await summary(db()), kept);
  await daysMatchHours(db());
});

test.run();
