import type { Sql } from './store';

/** One fixed window of hits for a key, shared by every instance (PostgreSQL). */
export type RateWindow = { hits: number; window_start: number };

/**
 * Counts one hit in the key's window, starting a new window when the stored one has ended; one
 * statement, atomic under concurrent hits from several instances.
 */
export async function hitRateCounter(db: Sql, key: string, now: number, windowMs: number): Promise<RateWindow> {
  const expired = now - windowMs;
  const row = await db.get<RateWindow>(
    `INSERT INTO rate_counters (key, window_start, hits) VALUES (?, ?, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_counters.window_start <= ? THEN 1 ELSE rate_counters.hits + 1 END,
       window_start = CASE WHEN rate_counters.window_start <= ? THEN excluded.window_start ELSE rate_counters.window_start END
     RETURNING hits, window_start`,
    [key, now, expired, expired],
  );
  return row ?? { hits: 1, window_start: now };
}

/** The key's current window, or undefined when it has none or it ended. */
export async function readRateCounter(
  db: Sql,
  key: string,
  now: number,
  windowMs: number,
): Promise<RateWindow | undefined> {
  const row = await db.get<RateWindow>('SELECT hits, window_start FROM rate_counters WHERE key = ?', [key]);
  return row && row.window_start > now - windowMs ? row : undefined;
}

export async function resetRateCounter(db: Sql, key: string): Promise<void> {
  await db.run('DELETE FROM rate_counters WHERE key = ?', [key]);
}

/** Windows that started before `before` (every window is shorter than the oldest kept); returns how many went. */
export async function pruneRateCounters(db: Sql, before: number): Promise<number> {
  return (await db.run('DELETE FROM rate_counters WHERE window_start < ?', [before])).changes;
}
