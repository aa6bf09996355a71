/**
 * Durable write latency: one licence created (row + audit event, one transaction, journal fsync)
 * at a time, with 1,000 and with 100,000 licences already in the table. The two databases take
 * their writes in turns, so machine load hits both alike. Snapshots run as in production (every
 * SNAPSHOT_EVERY_ENTRIES writes, default 5000), so their cost is in the figures when they happen.
 * Baseline from the same run: append + fsync of one line on the same disk, the floor of any
 * durable write. Targets: p50 under 5 ms; p50 at 100k under 2x p50 at 1k.
 */
import { open, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLicenseKey, hashLicenseKey } from '../../api/licenses/license-keys';
import { SqliteStore } from '../../data/sqlite/sqlite-store';
import { createLicense, importLicenses } from '../../data/licenses/licenses';
import type { NewLicense } from '../../data/licenses/licenses';
import { migrate } from '../../data/sqlite/migrations';

const SIZES = [1_000, 100_000] as const;
const WRITES = Number(process.env.BENCH_WRITES ?? 2000);
const WARMUP = 50;
const TARGET_P50_MS = 5;
const TARGET_RATIO = 2;
const SNAPSHOT_EVERY_ENTRIES = Number(process.env.SNAPSHOT_EVERY_ENTRIES ?? 5000);
const NOW = '2026-06-01T00:00:00.000Z';

let serial = 0;
function newLicense(): NewLicense {
  const key = generateLicenseKey('loopbot');
  serial++;
  return {
    license_key: key,
    key_sha256: hashLicenseKey(key),
    email: `customer${serial}@example.com`,
    app_type: 'loopbot',
    expired_date: '2027-06-01T00:00:00.000Z',
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function seeded(size: number): Promise<{ db: SqliteStore; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), `bench-storage-${size}-`));
  const db = await SqliteStore.open({ dir, snapshotEveryEntries: SNAPSHOT_EVERY_ENTRIES });
  await migrate(db.database);
  const started = performance.now();
  await importLicenses(db, Array.from({ length: size }, newLicense), NOW);
  // Start from a compact state, as a server that has been running a while would be.
  await db.database.snapshot();
  console.log(`seeded ${size.toLocaleString('en')} licences in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { db, dir };
}

/** The floor: one short line appended and fsynced, as the journal does, on the same disk. */
async function fsyncBaseline(dir: string, count: number): Promise<number[]> {
  const handle = await open(join(dir, 'baseline.log'), 'a');
  const times: number[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const started = performance.now();
      await handle.write(`${index} ${'x'.repeat(300)}\n`);
      await handle.datasync();
      times.push(performance.now() - started);
    }
  } finally {
    await handle.close();
  }
  return times.sort((a, b) => a - b);
}

const stores = [];
for (const size of SIZES) stores.push({ size, ...(await seeded(size)), times: [] as number[] });
try {
  for (let index = 0; index < WARMUP + WRITES; index++) {
    for (const store of stores) {
      const started = performance.now();
      const created = await createLicense(store.db, newLicense, NOW);
      const elapsed = performance.now() - started;
      if (!created) throw new Error('licence not created');
      if (index >= WARMUP) store.times.push(elapsed);
    }
  }
  const baseline = await fsyncBaseline(stores[0]!.dir, WRITES);
  const base50 = percentile(baseline, 0.5);

  console.log(`\n${WRITES} durable writes per size, one at a time (licence row + audit event, fsynced)`);
  console.log(
    `${'case'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'p50 x fsync'.padStart(12)}`,
  );
  console.log(
    `${'append + fsync only (baseline)'.padEnd(34)} ${base50.toFixed(2).padStart(8)} ${percentile(baseline, 0.99).toFixed(2).padStart(8)} ${baseline.at(-1)!.toFixed(2).padStart(8)} ${'1.0'.padStart(12)}`,
  );
  const p50s: number[] = [];
  for (const store of stores) {
    const sorted = [...store.times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 0.5);
    p50s.push(p50);
    const label = `create licence, ${store.size.toLocaleString('en')} in table`;
    console.log(
      `${label.padEnd(34)} ${p50.toFixed(2).padStart(8)} ${percentile(sorted, 0.99).toFixed(2).padStart(8)} ${sorted.at(-1)!.toFixed(2).padStart(8)} ${(p50 / base50).toFixed(1).padStart(12)}`,
    );
  }
  const [small, large] = stores.map((store) => [...store.times].sort((a, b) => a - b));
  const ratio50 = p50s[1]! / p50s[0]!;
  const ratio99 = percentile(large!, 0.99) / percentile(small!, 0.99);
  console.log(`\nratio 100k / 1k: p50 ${ratio50.toFixed(2)}, p99 ${ratio99.toFixed(2)}`);
  console.log(
    `load average during the run: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (figures stretch with it)`,
  );
  const p50Met = Math.max(...p50s) < TARGET_P50_MS;
  const ratioMet = ratio50 < TARGET_RATIO;
  console.log(
    `target p50 < ${TARGET_P50_MS} ms: ${p50Met ? 'met' : 'NOT met'}; target ratio < ${TARGET_RATIO}: ${ratioMet ? 'met' : 'NOT met'}`,
  );
  process.exitCode = p50Met && ratioMet ? 0 : 1;
} finally {
  for (const store of stores) {
    await store.db.close().catch(() => undefined);
    await rm(store.dir, { recursive: true, force: true });
  }
}
