/**
 * The shop scripts/bench/bench-insights.ts measures: 100,000 licences, 50,000 orders with their licence
 * links, 500,000 licence audit events, 20,000 reminders and 5,000 LoopStream records over two years.
 */
import { createHash } from 'node:crypto';
import type { SqlValue, Store } from '../../data/store';

/** BENCH_INSIGHTS_SCALE=0.1 runs a tenth of the size (a quick look while tuning). */
const SCALE = Number(process.env.BENCH_INSIGHTS_SCALE ?? 1);
const LICENSES = Math.round(100_000 * SCALE);
const ORDERS = Math.round(50_000 * SCALE);
const EVENTS = Math.round(500_000 * SCALE);
const REMINDERS = Math.round(20_000 * SCALE);
export const NOW = new Date('2026-11-27T05:00:00.000Z');
const DAY = 86_400_000;
const PLANS = [
  { id: 'loopbot-1m', name: 'LoopBOT 1 Bulan', price: 150_000, days: 30 },
  { id: 'loopbot-1y', name: 'LoopBOT 1 Tahun', price: 900_000, days: 365 },
  { id: 'loopstream-set-2', name: 'Set 2', price: 450_000, days: 30 },
];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Rows in multi-row INSERTs, 20,000 rows per transaction. */
async function insert(
  db: Store,
  table: string,
  columns: string[],
  count: number,
  row: (index: number) => SqlValue[],
): Promise<void> {
  const perStatement = Math.floor(2000 / columns.length);
  for (let start = 0; start < count; start += 20_000) {
    await db.transaction(async (tx) => {
      for (let first = start; first < Math.min(count, start + 20_000); first += perStatement) {
        const last = Math.min(count, start + 20_000, first + perStatement);
        const params: SqlValue[] = [];
        for (let index = first; index < last; index++) params.push(...row(index));
        const values = Array.from({ length: last - first }, () => `(${columns.map(() => '?').join(', ')})`).join(', ');
        await tx.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, params);
      }
    });
  }
}

/** Fills an empty, migrated store with the bench's shop. */
export async function seed(db: Store): Promise<void> {
  const next = random(7);
  const created = Array.from({ length: LICENSES }, () => NOW.getTime() - Math.floor(next() * 730 * DAY)).sort(
    (a, b) => a - b,
  );
  await insert(
    db,
    'licenses',
    ['license_key', 'key_sha256', 'email', 'app_type', 'status', 'expired_date', 'created_at', 'updated_at'],
    LICENSES,
    (index) => {
      const key = `BENCH-${index}`;
      const start = created[index]!;
      const end = start + (next() < 0.3 ? 365 : 30) * DAY + Math.floor(next() * 60 * DAY);
      return [
        key,
        createHash('sha256').update(key).digest(),
        `buyer${index % 60_000}@example.com`,
        next() < 0.7 ? 'loopbot' : 'loopstream',
        'active',
        iso(end),
        iso(start),
        iso(start),
      ];
    },
  );
  const orderTimes = Array.from({ length: ORDERS }, () => NOW.getTime() - Math.floor(next() * 730 * DAY)).sort(
    (a, b) => a - b,
  );
  await insert(
    db,
    'orders',
    [
      'ref_id',
      'message_id',
      'signed_string',
      'customer_name',
      'customer_email',
      'customer_phone',
      'items',
      'amount_idr',
      'status',
      'note',
      'created_at',
      'updated_at',
    ],
    ORDERS,
    (index) => {
      const plan = PLANS[Math.floor(next() * PLANS.length)]!;
      const status = next() < 0.8 ? 'fulfilled' : next() < 0.5 ? 'needs_setup' : 'needs_review';
      const items = JSON.stringify([
        {
          title: plan.name,
          qty: 1,
          price: plan.price,
          plan_id: plan.id,
          plan_name: plan.name,
          plan_price_idr: plan.price,
        },
      ]);
      const at = iso(orderTimes[index]!);
      return [
        `REF-${index}`,
        `m-${index}`,
        `s-${index}`,
        'Budi Santoso',
        `buyer${index}@example.com`,
        '',
        items,
        plan.price,
        status,
        '',
        at,
        at,
      ];
    },
  );
  await insert(db, 'order_licenses', ['order_id', 'license_id', 'change', 'days', 'plan_id'], ORDERS, (index) => [
    index + 1,
    2 * index + 1,
    next() < 0.3 ? 'extended' : 'created',
    30,
    'loopbot-1m',
  ]);
  const types = [
    'activated',
    'validation_failed',
    'validation_failed',
    'rate_limited',
    'expiry_changed',
    'deactivated',
  ];
  const eventTimes = Array.from({ length: EVENTS }, () => NOW.getTime() - Math.floor(next() * 730 * DAY)).sort(
    (a, b) => a - b,
  );
  await insert(db, 'license_events', ['license_id', 'type', 'actor', 'device_id', 'at', 'data'], EVENTS, (index) => {
    const type = types[Math.floor(next() * types.length)]!;
    const at = eventTimes[index]!;
    const license = 1 + Math.floor(next() * LICENSES);
    if (type === 'expiry_changed') {
      const old = at + Math.floor((next() * 20 - 10) * DAY);
      return [
        license,
        type,
        next() < 0.7 ? 'order' : 'admin',
        null,
        iso(at),
        JSON.stringify({ old: iso(old), new: iso(old + 30 * DAY) }),
      ];
    }
    const data =
      type === 'validation_failed'
        ? JSON.stringify({ call: 'validate', code: next() < 0.6 ? 'DEVICE_MISMATCH' : 'LICENSE_EXPIRED' })
        : null;
    return [license, type, 'device', `device-${Math.floor(next() * 4)}`, iso(at), data];
  });
  await insert(
    db,
    'license_reminders',
    ['license_id', 'expired_date', 'outbox_id', 'created_at'],
    REMINDERS,
    (index) => {
      const at = NOW.getTime() - Math.floor(next() * 730 * DAY);
      return [index * 5 + 1, iso(at + 7 * DAY), index + 1, iso(at)];
    },
  );
  await insert(
    db,
    'loopstreams',
    ['package_type', 'customer_name', 'ip_server', 'expired_date', 'created_at'],
    5_000,
    (index) => {
      const at = NOW.getTime() - Math.floor(next() * 730 * DAY);
      return ['Paket 1', `Customer ${index}`, '10.0.0.1:5000', iso(at + 30 * DAY), iso(at)];
    },
  );
  if (db.engine === 'postgres') await db.run('ANALYZE');
}
