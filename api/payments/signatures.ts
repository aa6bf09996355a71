/** The hashes the gateways sign with, and the one constant-time comparison of a received signature. */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const sha512Hex = (text: string): string => createHash('sha512').update(text, 'utf8').digest('hex');

export const hmacSha256Hex = (key: string, data: string | Buffer): string =>
  createHmac('sha256', key).update(data).digest('hex');

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * True when a received hex signature equals the expected one. Both are hashed once more before
 * the constant-time comparison, so neither the length nor the first differing character of the
 * expected value shows in the time taken; hex case does not matter.
 */
export function sameSignature(received: string, expected: string): boolean {
  return timingSafeEqual(digest(received.trim().toLowerCase()), digest(expected.toLowerCase()));
}
