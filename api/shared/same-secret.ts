/** The one constant-time comparison of a received secret (a token, a signature) with the expected one. */
import { createHash, timingSafeEqual } from 'node:crypto';

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * True when `received` equals `expected`. Both are hashed before the constant-time comparison, so
 * neither the length nor the first differing character of the expected value shows in the time taken.
 */
export function sameSecret(received: string, expected: string): boolean {
  return timingSafeEqual(sha256(received), sha256(expected));
}
