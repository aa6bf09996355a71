import { createHash, randomBytes, randomUUID } from 'node:crypto';

import type { AppType } from '../../contract/calls/licenses';

/** Crockford's base32: no I, L, O, U, so keys survive being read aloud or retyped. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function generateLoopbotKey(): string {
  return randomUUID();
}

/** 4 groups of 5 characters: 20 symbols × 5 bits = 100 random bits. */
export function generateLoopstreamKey(): string {
  const bytes = randomBytes(13);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let key = '';
  for (let index = 0; index < 20; index++) {
    key += CROCKFORD[Number(bits & 31n)];
    bits >>= 5n;
    if (index % 5 === 4 && index < 19) key += '-';
  }
  return key;
}

export function generateLicenseKey(appType: AppType): string {
  return appType === 'loopstream' ? generateLoopstreamKey() : generateLoopbotKey();
}

/** Trimmed; UUIDs lower-cased, LoopStream keys upper-cased, as they are stored. */
export function normalizeLicenseKey(key: string): string {
  const trimmed = key.trim();
  return UUID.test(trimmed) ? trimmed.toLowerCase() : trimmed.toUpperCase();
}

/** The indexed lookup value: SHA-256 hex of the normalised key. */
export function hashLicenseKey(key: string): string {
  return createHash('sha256').update(normalizeLicenseKey(key)).digest('hex');
}

/** For logs and public answers: never the full key. */
export function maskLicenseKey(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 4)}…${key.slice(-4)}`;
}
