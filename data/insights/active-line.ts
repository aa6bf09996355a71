/**
 * Licences and LoopStream accesses running (created, not yet expired) at each point, read from
 * today's dates: the count running now, less what started after the point, plus what ended after
 * it. Each query reads only the period's rows through an index; the running sums are a few
 * numbers per bucket.
 */
import type { Store } from '../store';
import { num, spanTable } from './dialect';

export type ActivePoint = { at: string; day: string; licenses: number; loopstreams: number };
export type ExpiringLicense = {
  id: number;
  license_key: string;
  email: string;
  app_type: 'loopbot' | 'loopstream';
  expired_date: string;
};

type Moves = { starts: number; ends: number };

async function movesBetween(
  db: Store,
  table: 'licenses' | 'loopstreams',
  gaps: { start: string; end: string; day: string }[],
): Promise<Moves[]> {
  if (gaps.length === 0) return [];
  const spans = spanTable('g', gaps);
  const count = (column: string) =>
    `(SELECT count(*) FROM ${table} t WHERE t.${column} > g.s AND t.${column} <= g.e AND t.created_at < t.expired_date)`;
  const rows = await db.all<{ s: string; starts: unknown; ends: unknown }>(
    `WITH ${spans.sql} SELECT g.s, ${count('created_at')} AS starts, ${count('expired_date')} AS ends FROM g ORDER BY g.s`,
    spans.params,
  );
  return rows.map((row) => ({ starts: num(row.starts), ends: num(row.ends) }));
}

async function runningNow(db: Store, table: 'licenses' | 'loopstreams', now: string): Promise<number> {
  return num(
    (
      await db.get<{ n: unknown }>(`SELECT count(*) AS n FROM ${table} WHERE expired_date > ? AND created_at <= ?`, [
        now,
        now,
      ])
    )?.n,
  );
}

/** Points: each bucket's end (the last one clipped to now), in order. */
export async function activeLine(
  db: Store,
  points: readonly { at: string; day: string }[],
  now: string,
): Promise<ActivePoint[]> {
  const past = points.filter((point) => point.at <= now);
  const gaps = past.map((point, index) => ({ start: point.at, end: past[index + 1]?.at ?? now, day: point.day }));
  const series = async (table: 'licenses' | 'loopstreams'): Promise<number[]> => {
    const moves = await movesBetween(db, table, gaps);
    let running = await runningNow(db, table, now);
    const values: number[] = new Array<number>(moves.length);
    for (let index = moves.length - 1; index >= 0; index--) {
      running += moves[index]!.ends - moves[index]!.starts;
      values[index] = running;
    }
    return values;
  };
  const licenses = await series('licenses');
  const loopstreams = await series('loopstreams');
  return past.map((point, index) => ({
    at: point.at,
    day: point.day,
    licenses: licenses[index]!,
    loopstreams: loopstreams[index]!,
  }));
}

export async function expiringSoon(db: Store, now: string, until: string, limit: number): Promise<ExpiringLicense[]> {
  return db.all<ExpiringLicense>(
    `SELECT id, license_key, email, app_type, expired_date FROM licenses WHERE expired_date > ? AND expired_date <= ?
     ORDER BY expired_date, id LIMIT ${Math.trunc(limit)}`,
    [now, until],
  );
}
