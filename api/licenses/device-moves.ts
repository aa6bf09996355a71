/**
 * The device-move limit (docs/spec.md#device-moves): a licence moves to a new device at most
 * LICENSE_MAX_MOVES times in any 30 days, counted alike for the app's activation on a new device
 * and the buyer's "Lepas perangkat" on /lisensi.
 */
import { DAY_MS } from '../../contract/rules/durations';
import { lastBinding, recentMoves } from '../../data/licenses/devices';
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

/**
 * What the next activation of a licence with no bound device does: `free` (never activated, or the
 * buyer released it: not counted again), `counted` (the app or the owner dropped the device: another
 * computer counts as one move), `refused` (that move is over the limit until the window frees one;
 * the last computer still works). `bound` while a device holds it.
 */
export type NextActivation = 'bound' | 'free' | 'counted' | 'refused';

export type MoveOutlook = {
  used: number;
  /** When the oldest counted move leaves the 30-day window (ISO); null when none is counted. */
  resetsAt: string | null;
  /** Set while the limit is reached: when the next release or move is possible. */
  nextMoveAt: string | null;
  nextActivation: NextActivation;
  /** The computer it was last activated on, while none is bound. */
  lastDeviceName: string | null;
};

export async function moveOutlook(
  db: Sql,
  license: { id: number; device_id: string | null },
  now: Date,
  maxMoves: number,
): Promise<MoveOutlook> {
  const [moves, last] = await Promise.all([
    recentMoves(db, license.id, moveWindowStart(now)),
    license.device_id === null ? lastBinding(db, license.id) : undefined,
  ]);
  const resetsAt = moves.oldest === null ? null : moveAllowedAgainAt(moves.oldest).toISOString();
  const atLimit = moves.count >= maxMoves;
  const nextActivation: NextActivation =
    license.device_id !== null ? 'bound' : last?.type !== 'activated' ? 'free' : atLimit ? 'refused' : 'counted';
  const name = (JSON.parse(last?.data ?? '{}') as { device_name?: unknown }).device_name;
  return {
    used: moves.count,
    resetsAt,
    nextMoveAt: atLimit ? (resetsAt ?? now.toISOString()) : null,
    nextActivation,
    lastDeviceName: typeof name === 'string' && name !== '' ? name : null,
  };
}
