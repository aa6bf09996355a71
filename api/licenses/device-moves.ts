/**
 * The device-move limit (docs/spec.md#device-moves): a licence moves to a new device at most
 * LICENSE_MAX_MOVES times in any 30 days, counted alike for the app's activation on a new device
 * and the buyer's "Lepas perangkat" on /lisensi.
 */
import { DAY_MS } from '../../contract/durations';
import { recentMoves } from '../../data/licenses/devices';
import type { Sql } from '../../data/store';

export const MOVE_WINDOW_DAYS = 30;
const MOVE_WINDOW_MS = MOVE_WINDOW_DAYS * DAY_MS;

/** Where the window that counts moves made before `now` starts (ISO). */
export function moveWindowStart(now: Date): string {
  return new Date(now.getTime() - MOVE_WINDOW_MS).toISOString();
}

/** When a move is allowed again while the limit is reached: when the oldest move in the window leaves it. */
export function moveAllowedAgainAt(oldestMoveAt: string): Date {
  return new Date(Date.parse(oldestMoveAt) + MOVE_WINDOW_MS);
}

/** The licence's next allowed move (ISO) while the limit is reached; null while a move is still allowed. */
export async function nextMoveAt(db: Sql, licenseId: number, now: Date, maxMoves: number): Promise<string | null> {
  const moves = await recentMoves(db, licenseId, moveWindowStart(now));
  if (moves.count < maxMoves) return null;
  return moveAllowedAgainAt(moves.oldest ?? now.toISOString()).toISOString();
}
