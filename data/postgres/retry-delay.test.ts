import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs } from './retry-delay';

test('retryDelayMs: doubles from the base, never past the cap, at least half of its ceiling', () => {
  const rows: Array<[attempt: number, low: number, high: number]> = [
    [1, RETRY_BASE_MS / 2, RETRY_BASE_MS],
    [2, RETRY_BASE_MS, RETRY_BASE_MS * 2],
    [4, RETRY_BASE_MS * 4, RETRY_BASE_MS * 8],
    [7, RETRY_CAP_MS / 2, RETRY_CAP_MS],
    [30, RETRY_CAP_MS / 2, RETRY_CAP_MS],
    [1000, RETRY_CAP_MS / 2, RETRY_CAP_MS],
  ];
  for (const [attempt, low, high] of rows) {
    assert.is(
      retryDelayMs(attempt, () => 0),
      low,
      `attempt ${attempt}, lowest`,
    );
    assert.ok(retryDelayMs(attempt, () => 0.999999) <= high, `attempt ${attempt}, highest`);
    assert.ok(retryDelayMs(attempt, () => 0.999999) > retryDelayMs(attempt, () => 0) || low === high);
  }
});

test('retryDelayMs: jitter spreads transactions that collided at the same attempt', () => {
  const waits = new Set(Array.from({ length: 20 }, () => Math.round(retryDelayMs(6))));
  assert.ok(waits.size > 5, `only ${waits.size} distinct waits`);
});

test.run();
