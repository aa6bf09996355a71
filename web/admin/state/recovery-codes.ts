/** The recovery codes shown once after the set-up: copied or saved as a text file, so none is typed off the screen. */
import { formatInZone } from '../../../contract/rules/shop-time';
import { saveBlob } from '../api-client';
import { SECURITY_MESSAGES as TEXT } from '../messages';
import { notify } from './dialogs';
import { store } from './store';

export const RECOVERY_FILE_NAME = 'loopbot-admin-recovery-codes.txt';

/** The codes with what they are for, the shop's address and when they were made (in the shop's zone). */
export function recoveryCodesText(codes: readonly string[], shop: string, made: string, timeZone: string): string {
  return [
    `LoopBOT admin recovery codes for ${shop}`,
    `Made ${formatInZone(made, timeZone)}. Each code signs in once, after the password, when the authenticator app is not at hand.`,
    'Keep them away from the phone. Turning the authenticator app off and on again makes new ones.',
    '',
    ...codes.map((code, index) => `${String(index + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

function currentText(codes: readonly string[]): string {
  return recoveryCodesText(codes, window.location.host, new Date().toISOString(), store.timeZone);
}

export async function copyRecoveryCodes(codes: readonly string[]): Promise<void> {
  try {
    await navigator.clipboard.writeText(currentText(codes));
    notify(TEXT.recoveryCopied);
  } catch {
    notify(TEXT.recoveryCopyFailed);
  }
}

export function downloadRecoveryCodes(codes: readonly string[]): void {
  saveBlob(new Blob([currentText(codes)], { type: 'text/plain;charset=utf-8' }), RECOVERY_FILE_NAME);
}
