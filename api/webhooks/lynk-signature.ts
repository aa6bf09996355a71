/**
 * Lynk.id's webhook signature: lowercase hex SHA-256 of `grandTotal + refId + message_id +
 * merchant key`, concatenated without separators. A keyed hash over those three fields only (not
 * an HMAC, and not over the body): everything else in a delivery is checked against the shop's
 * own catalogue before it is trusted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type SignedFields = { grandTotal: string; refId: string; messageId: string };

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * What the signature covers, as one string. Other splits of the same characters (refId's tail
 * moved to message_id's front, say) sign alike, so a payment is known by this string, not by refId.
 */
export function lynkSignedString(fields: SignedFields): string {
  return fields.grandTotal + fields.refId + fields.messageId;
}

export function lynkSignature(fields: SignedFields, merchantKey: string): string {
  return sha256(lynkSignedString(fields) + merchantKey).toString('hex');
}

/**
 * True when `header` is the signature of `fields`. Both sides are hashed once more before the
 * constant-time comparison, so neither the length nor the first differing byte of the expected
 * value shows in the time taken.
 */
export function isLynkSignatureValid(header: string | undefined, fields: SignedFields, merchantKey: string): boolean {
  if (!header) return false;
  return timingSafeEqual(sha256(header.trim().toLowerCase()), sha256(lynkSignature(fields, merchantKey)));
}
