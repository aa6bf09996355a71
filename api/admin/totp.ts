/**
 * The one file over `otpauth` and `qrcode`: RFC 6238 codes (SHA-1, 6 digits, 30 seconds, what
 * every authenticator app reads), the enrolment QR code drawn here as SVG (the secret never
 * leaves the server for a third-party QR service), and recovery codes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;
const ISSUER = 'LoopBOT admin';
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32: no l, o, 0, 1
export const RECOVERY_CODE_COUNT = 10;

function totpFor(secret: string, label = 'owner'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
}

/** Whether `typed` looks like an app's code (6 digits, spaces allowed) rather than a recovery code. */
export function isTotpCode(typed: string): boolean {
  return /^[0-9]{6}$/.test(typed.replace(/\s/g, ''));
}

/**
 * The time step the code belongs to (the current one or one either side, for a clock a little
 * off), or undefined when it matches none. The caller must still claim the step once.
 */
export function totpStep(secret: string, typed: string, now: number): number | undefined {
  const delta = totpFor(secret).validate({ token: typed.replace(/\s/g, ''), timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** Ten codes of 16 letters and digits (80 bits each): shown once, kept only as hashes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** SHA-256 of the code as typed without spaces, dashes or case: enough for 80 random bits. */
export function hashRecoveryCode(typed: string): string {
  return createHash('sha256').update(typed.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}
