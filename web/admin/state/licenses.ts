import { apiDownload, apiJson, saveBlob } from '../api-client';
import type { BodyOf } from '../../../contract/call';
import type * as calls from '../../../contract/licenses';
import type { deactivateLicense as deactivateCall } from '../../../contract/license-app';
import { MESSAGES } from '../messages';
import type { AnswerEnvelope } from '../../../contract/call';
import type { AppType, License } from '../../../contract/licenses';
import { askDays, confirmAction, notify } from './dialogs';
import { loadLicenses } from './loaders';
import { mutate } from './mutate';
import { store } from './store';

export type NewLicense = BodyOf<typeof calls.createLicense>;

const SEARCH_DELAY_MS = 300;
let searchTimer: ReturnType<typeof setTimeout> | undefined;

/** Server-side search (key or e-mail); typing restarts at page 1 and waits for a pause. */
export function searchLicenses(text: string): void {
  store.licenses.search = text;
  store.licenses.page = 1;
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void loadLicenses(), SEARCH_DELAY_MS);
}

export function goToLicensePage(page: number): void {
  store.licenses.page = Math.min(Math.max(1, page), Math.max(1, store.licenses.pages));
  void loadLicenses();
}

function serverMessage(fallback: string): (answer: AnswerEnvelope) => string {
  return (answer) => (typeof answer.message === 'string' && answer.message ? answer.message : fallback);
}

export async function createLicense(input: NewLicense): Promise<boolean> {
  const answer = await mutate(() => apiJson<typeof calls.createLicense>('POST', '/api/license/create', input), {
    failed: MESSAGES.createLicenseFailed,
    errorPrefix: MESSAGES.createLicenseError,
    success: MESSAGES.licenseCreated,
  });
  return answer !== undefined;
}

export async function extendLicense(license: License): Promise<void> {
  const days = askDays(`Extend ${license.license_key} by how many days?`, MESSAGES.invalidDays);
  if (!days) return;
  await mutate(() => apiJson<typeof calls.extendLicense>('POST', `/api/license/extend/${license.id}`, { days }), {
    failed: MESSAGES.extendFailed,
    errorPrefix: MESSAGES.extendError,
    success: serverMessage(`License extended by ${days} days`),
  });
}

export async function shortenLicense(license: License): Promise<void> {
  const days = askDays(`Shorten ${license.license_key} by how many days?`, MESSAGES.invalidDays);
  if (!days) return;
  if (!confirmAction(`Shorten license ${license.license_key} by ${days} days?`)) return;
  await mutate(() => apiJson<typeof calls.shortenLicense>('POST', `/api/license/shorten/${license.id}`, { days }), {
    failed: MESSAGES.shortenFailed,
    errorPrefix: MESSAGES.shortenError,
    success: serverMessage(`License shortened by ${days} days`),
  });
}

/** Removes the device binding; offered only when a device is bound (SPEC §4). */
export async function deactivateLicense(license: License): Promise<void> {
  const deviceId = license.device_id;
  if (!deviceId) return;
  const device = license.device_name || deviceId;
  if (!confirmAction(`Deactivate license ${license.license_key} on device "${device}"?`)) return;
  await mutate(
    () => apiJson<typeof deactivateCall>('POST', '/api/deactivate_license', { license_key: license.license_key, device_id: deviceId }),
    { failed: MESSAGES.deactivateFailed, errorPrefix: MESSAGES.deactivateError, success: MESSAGES.licenseDeactivated },
  );
}

export async function deleteLicense(license: License): Promise<void> {
  if (!confirmAction(`Delete license ${license.license_key}? This cannot be undone.`)) return;
  await mutate(() => apiJson<typeof calls.deleteLicense>('DELETE', `/api/license/delete/${license.id}`), {
    failed: MESSAGES.deleteLicenseFailed,
    errorPrefix: MESSAGES.deleteLicenseError,
    success: MESSAGES.licenseDeleted,
  });
}

/** Saves the licence file as `{license_key}.txt` (SPEC §7). */
export async function downloadLicense(license: License): Promise<void> {
  try {
    const { blob } = await apiDownload<typeof calls.downloadLicense>(`/api/license/download/${encodeURIComponent(license.license_key)}`);
    saveBlob(blob, `${license.license_key}.txt`);
  } catch (error) {
    notify(MESSAGES.downloadLicenseError + (error instanceof Error ? error.message : String(error)));
  }
}
