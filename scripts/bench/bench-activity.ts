/**
 * `npm run bench -- activity`: the activity log's list call at 500,000 entries (two years of every
 * kind of actor and action over 100,000 licences), on the embedded store and on PostgreSQL (a
 * throwaway cluster). Each row is one page as the handler answers it (the count, the page's rows,
 * JSON), p50/p95 wall time and this process's CPU time, beside a plain indexed count measured just
 * before it in the same run (entries of one action: an index-only count), and their ratio. A list
 * counts at most ACTIVITY_COUNT_MAX (10,000) matches, so page 200 of 50 is the oldest it reaches.
 * Target: every row under 100 ms p50 on both stores. BENCH_ACTIVITY_SCALE=0.1 runs a tenth.
 */
import { loadavg } from 'node:os';
import { entryView } from '../../api/activity/activity-handlers';
import { midnight } from '../../api/shared/period-range';
import { ACTIVITY_ACTIONS, ACTIVITY_ACTOR_KINDS } from '../../contract/rules/activity-words';
import { DEFAULT_TIME_ZONE } from '../../contract/rules/shop-time';
import { findActivityPage } from '../../data/activity/activity-page';
import type { ActivityFilter } from '../../data/activity/activity-page';
import type { SqlValue, Store } from '../../data/store';
import { onBothStores } from './both-stores';
import { measure } from './timing';

const SCALE = Number(process.env.BENCH_ACTIVITY_SCALE ?? 1);
const ENTRIES = Math.round(500_000 * SCALE);
const RUNS = Number(process.env.BENCH_ACTIVITY_RUNS ?? 15);
const TARGET_MS = 100;
const NOW = Date.parse('2026-11-27T05:00:00.000Z');
const DAY = 86_400_000;
const ZONE = DEFAULT_TIME_ZONE;
const PER_TRANSACTION = 20_000;
const COLUMNS = [
  'at',
  'actor',
  'actor_label',
  'ip',
  'action',
  'object_type',
  'object_id',
  'summary',
  'before_json',
  'after_json',
];

/** One entry: times spread over two years in order, a licence object for most, an admin or a buyer as the usual actor. */
function entry(index: number): SqlValue[] {
  const at = new Date(NOW - 730 * DAY + Math.floor((index / ENTRIES) * 730 * DAY)).toISOString();
  const actor = ACTIVITY_ACTOR_KINDS[index % 7 < 3 ? 0 : index % 7 < 5 ? 1 : index % 7 === 5 ? 2 : 3]!;
  const label = actor === 'admin' ? `admin${index % 3}` : actor === 'buyer' ? `buyer${index % 40_000}@contoh.id` : null;
  const action = ACTIVITY_ACTIONS[(index * 7) % ACTIVITY_ACTIONS.length]!;
  const licence = String(1 + ((index * 7919) % 100_000));
  const before = JSON.stringify({ expired_date: at });
  return [
    at,
    actor,
    label,
    `198.51.100.${index % 250}`,
    action,
    'license',
    licence,
    `expiry moved ${index}`,
    before,
    before,
  ];
}

async function seed(db: Store): Promise<void> {
  const perStatement = Math.floor(2000 / COLUMNS.length);
  const row = `(${COLUMNS.map(() => '?').join(', ')})`;
  for (let start = 0; start < ENTRIES; start += PER_TRANSACTION) {
    await db.transaction(async (tx) => {
      const end = Math.min(ENTRIES, start + PER_TRANSACTION);
      for (let first = start; first < end; first += perStatement) {
        const last = Math.min(end, first + perStatement);
        const params = Array.from({ length: last - first }, (_, offset) => entry(first + offset)).flat();
        const values = Array.from({ length: last - first }, () => row).join(', ');
        await tx.run(`INSERT INTO activity_log (${COLUMNS.join(', ')}) VALUES ${values}`, params);
      }
    });
  }
}

const day = (ms: number): string => new Date(ms + 7 * 3600_000).toISOString().slice(0, 10);
const CASES: Array<[string, ActivityFilter, number]> = [
  ['newest, page 1', {}, 1],
  ['page 200 (oldest)', {}, 200],
  ['action', { action: 'license.extended' }, 1],
  ['who (an admin)', { who: 'admin1' }, 1],
  ['who (a buyer)', { actor: 'buyer', who: 'buyer123@contoh.id' }, 1],
  ['one licence', { objectType: 'license', objectId: '4242' }, 1],
  ['last 30 days', { from: midnight(day(NOW - 30 * DAY), ZONE) }, 1],
  ['actor + 7 days', { actor: 'lynk', from: midnight(day(NOW - 7 * DAY), ZONE) }, 1],
];

async function bench(label: string, db: Store): Promise<boolean> {
  const started = performance.now();
  await seed(db);
  // What autovacuum does to an insert-only table soon after: planner statistics and the visibility map, so
  // counts read the index alone. (Straight after a bulk load, every count also reads the table.)
  if (db.engine === 'postgres') await db.run('VACUUM ANALYZE activity_log');
  console.log(
    `\n${label}: ${ENTRIES.toLocaleString('en-US')} entries seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `${'list call'.padEnd(20)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'cpu p50'.padStart(8)}${'count p50'.padStart(11)}${'ratio'.padStart(8)}`,
  );
  let met = true;
  for (const [name, filter, page] of CASES) {
    const count = await measure(
      () => db.get('SELECT count(*) AS n FROM activity_log WHERE action = ?', ['license.created']),
      RUNS,
    );
    const list = await measure(async () => {
      const found = await findActivityPage(db, filter, page, 50);
      return { entries: found.rows.map(entryView), total: found.total };
    }, RUNS);
    const over = list.p50 > TARGET_MS;
    if (over) met = false;
    const cells = [list.p50, list.p95, list.cpu50].map((value) => value.toFixed(1).padStart(8)).join('');
    console.log(
      `${name.padEnd(20)}${cells}${count.p50.toFixed(1).padStart(11)}${`${(list.p50 / count.p50).toFixed(1)}x`.padStart(8)}${over ? '  over target' : ''}`,
    );
  }
  return met;
}

const met = await onBothStores('bench_activity', bench);
const load = loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');
console.log(
  `\nload average: ${load}; target: every list call under ${TARGET_MS} ms p50 on both stores: ${met ? 'met' : 'NOT met'}`,
);
process.exit(met ? 0 : 1);
