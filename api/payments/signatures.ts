/** The hashes the gateways sign with, and how a received hex signature is compared. */
import { createHash, createHmac } from 'node:crypto';
import { sameSecret } from '../shared/same-secret';

export const sha512Hex = (text: string): string => createHash('sha512').update(text, 'utf8').digest('hex');

export const hmacSha256Hex = (key: string, data: string | Buffer): string =>
  createHmac('sha256', key).update(data).digest('hex');

/** True when a received hex signature equals the expected one, in constant time; hex case does not matter. */
export function sameSignature(received: string, expected: string): boolean {
  return sameSecret(received.trim().toLowerCase(), expected.toLowerCase());
}
