/**
 * Lynk.id's webhook signature: lowercase hex SHA-256 of `grandTotal + refId + message_id +
 * merchant key`, concatenated without separators. A keyed hash over those three fields only (not
 * an HMAC, and not over the body): everything else in a delivery is checked against the shop's
 * own catalogue before it is trusted.
 */
import { createHash } from 'node:crypto';
import { sameSecret } from '../shared/same-secret';

export type SignedFields = { grandTotal: string; refId: string; messageId: string };

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What the signature covers, as one string. Other splits of the same characters (refId's tail
 * moved to message_id's front, say) sign alike, so a payment is known by this string, not by refId.
 */
export function lynkSignedString(fields: SignedFields): string {
  return fields.grandTotal + fields.refId + fields.messageId;
}

export function lynkSignature(fields: SignedFields, merchantKey: string): string {
  return sha256(lynkSignedString(fields) + merchantKey);
}

/** True when `header` is the signature of `fields` (compared in constant time, any hex case). */
export function isLynkSignatureValid(header: string | undefined, fields: SignedFields, merchantKey: string): boolean {
  if (!header) return false;
  return sameSecret(header.trim().toLowerCase(), lynkSignature(fields, merchantKey));
}
