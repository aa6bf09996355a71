/**
 * Licences and LoopStream accesses running (created, not yet expired) at each point, read from
 * today's dates: the count running now, less what started after the point, plus what ended after
 * it. Starts and ends between points come from the hourly summaries; the running sums are a few
 * numbers per bucket.
 */
import type { Store } from '../store';
import { indexedBy, num } from './dialect';
import { figureSums, total } from './summary-figures';
import { refusedTrialSql } from '../trial-figures';

export type ActivePoint = { at: string; day: string; licenses: number; loopstreams: number };
export type ExpiringLicense = {
  id: number;
  license_key: string;
  email: string;
  app_type: 'loopbot' | 'loopstream';
  expired_date: string;
  /** A free trial (counted apart from paid licences). */
  trial: boolean;
};

/** Read from the expiries after now (those running), not from every creation before it. */
async function runningNow(db: Store, table: 'licenses' | 'loopstreams', now: string): Promise<number> {
  const index = indexedBy(db.engine, `${table}_expiry_created`);
  const row = await db.get<{ n: unknown }>(
    `SELECT count(*) AS n FROM ${table} ${index} WHERE expired_date > ? AND created_at <= ?`,
    [now, now],
  );
  return num(row?.n);
}

/** A millisecond later: the points' gaps are (point, next point], the summaries' spans [start, end). */
const after = (at: string): string => new Date(Date.parse(at) + 1).toISOString();

/** Points: each bucket's end (the last one clipped to now), in order. */
export async function activeLine(
  db: Store,
  points: readonly { at: string; day: string }[],
  now: string,
): Promise<ActivePoint[]> {
  const past = points.filter((point) => point.at <= now);
  const gaps = past.map((point, index) => ({ start: after(point.at), end: after(past[index + 1]?.at ?? now) }));
  const moves = await figureSums(db, ['license_start', 'license_end', 'loopstream_start', 'loopstream_end'], gaps);
  const series = async (table: 'licenses' | 'loopstreams', prefix: 'license' | 'loopstream'): Promise<number[]> => {
    let running = await runningNow(db, table, now);
    const values: number[] = new Array<number>(gaps.length);
    for (let index = gaps.length - 1; index >= 0; index--) {
      running += total(moves[`${prefix}_end`][index]!).n - total(moves[`${prefix}_start`][index]!).n;
      values[index] = running;
    }
    return values;
  };
  const licenses = await series('licenses', 'license');
  const loopstreams = await series('loopstreams', 'loopstream');
  return past.map((point, index) => ({
    at: point.at,
    day: point.day,
    licenses: licenses[index]!,
    loopstreams: loopstreams[index]!,
  }));
}

/** Licences expiring in (now, until]; a free trial its device refused is left out (it never ran: data/trial-figures.ts). */
export async function expiringSoon(db: Store, now: string, until: string, limit: number): Promise<ExpiringLicense[]> {
  const rows = await db.all<Omit<ExpiringLicense, 'trial'> & { trial: number }>(
    `SELECT l.id, l.license_key, l.email, l.app_type, l.expired_date,
       CASE WHEN EXISTS (SELECT 1 FROM trials t WHERE t.license_id = l.id) THEN 1 ELSE 0 END AS trial
     FROM licenses l WHERE l.expired_date > ? AND l.expired_date <= ? AND NOT ${refusedTrialSql('l')}
     ORDER BY l.expired_date, l.id LIMIT ${Math.trunc(limit)}`,
    [now, until],
  );
  return rows.map((row) => ({ ...row, trial: Number(row.trial) === 1 }));
}
