/**
 * A marketplace signature counts once. Lynk.id signs `grandTotal + refId + message_id` with
 * nothing between the fields, so one captured delivery, re-split at another boundary, verifies as
 * a "new" payment with any buyer and items (those are not signed). Each order keeps the string
 * its delivery signed, unique in both engines; a delivery whose string an order with another
 * refId already holds is refused, and counted on that order so the owner sees the attempts.
 */
import type { Sql } from './store';

/** The signed string of this delivery belongs to an order with another refId. */
export class SignatureReusedError extends Error {
  constructor(readonly orderId: number) {
    super(`the signed string of this delivery belongs to order ${orderId}`);
    this.name = 'SignatureReusedError';
  }
}

/**
 * After an insert that changed nothing: the order holding this signed string under another ref
 * id is a re-split (thrown); otherwise the ref id's own order, a genuine retry.
 */
export async function checkSignedString(db: Sql, signedString: string, refId: string): Promise<void> {
  const holder = await db.get<{ id: number; ref_id: string }>('SELECT id, ref_id FROM orders WHERE signed_string = ?', [
    signedString,
  ]);
  if (holder && holder.ref_id !== refId) throw new SignatureReusedError(holder.id);
}

/**
 * One refused re-split, counted on the order it copied. A statement of its own, after the refused
 * transaction: a flood of re-splits does not hold or retry anything an order needs.
 */
export async function countRefusedReplay(db: Sql, orderId: number): Promise<void> {
  await db.run('UPDATE orders SET replays_refused = replays_refused + 1 WHERE id = ?', [orderId]);
}

/** Re-splits refused so far, over every order. */
export async function refusedReplays(db: Sql): Promise<number> {
  return Number((await db.get<{ n: number | null }>('SELECT sum(replays_refused) AS n FROM orders'))?.n ?? 0);
}
