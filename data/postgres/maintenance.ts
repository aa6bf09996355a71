/**
 * Upkeep of the tables only the shared store has: rate-limit windows that ended are deleted once
 * an hour, by one instance at a time (every window is far shorter than the day kept).
 */
import { pruneRateCounters } from '../rate-counters';
import type { Store } from '../store';
import { DAY_MS, HOUR_MS } from '../../contract/rules/durations';

const EVERY_MS = HOUR_MS;
const KEEP_MS = DAY_MS;

/** Starts the hourly upkeep; returns what stops it. */
export function startMaintenance(store: Store, onError: (message: string, error: unknown) => void): () => void {
  const timer = setInterval(() => {
    store
      .exclusive('rate-counter-prune', async () => {
        await pruneRateCounters(store, Date.now() - KEEP_MS);
      })
      .catch((error: unknown) => onError('rate counter prune failed', error));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
