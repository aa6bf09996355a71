import { apiJson } from '../api-client';
import type { BodyOf } from '../../../contract/calls/call';
import type * as calls from '../../../contract/calls/licenses';
import type { deactivateLicense as deactivateCall } from '../../../contract/calls/license-app';
import { CHANGE_TEXTS, DAYS_TEXTS, MESSAGES } from '../messages';
import type { License, LicenseFilter } from '../../../contract/calls/licenses';
import { confirmAction } from './dialogs';
import { downloadFile } from './download';
import { loadLicenses } from './loaders';
import { mutate, mutateDays, saved } from './mutate';
import { debouncedSearch, goToPage, statusFilter } from './paged-list';
import { store } from './store';

export type NewLicense = BodyOf<typeof calls.createLicense>;

/** Server-side search (key or e-mail); typing restarts at page 1 and waits for a pause. */
export const searchLicenses = debouncedSearch(() => store.licenses, loadLicenses);

export function goToLicensePage(page: number): void {
  goToPage(store.licenses, page, loadLicenses);
}

/** Only active, expired or expiring (within 7 days) licences; '' for all. Restarts at page 1. */
export const filterLicenses = statusFilter<LicenseFilter>(() => store.licenses, loadLicenses);

export function createLicense(input: NewLicense): Promise<boolean> {
  return saved(
    () => apiJson<typeof calls.createLicense>('POST', '/api/license/create', input),
    CHANGE_TEXTS.createLicense,
  );
}

export async function extendLicense(license: License): Promise<void> {
  await mutateDays({
    question: `Extend ${license.license_key} by how many days?`,
    send: (days) => apiJson<typeof calls.extendLicense>('POST', `/api/license/extend/${license.id}`, { days }),
    texts: DAYS_TEXTS.extendLicense,
  });
}

export async function shortenLicense(license: License): Promise<void> {
  await mutateDays({
    question: `Shorten ${license.license_key} by how many days?`,
    confirm: (days) => `Shorten license ${license.license_key} by ${days} days?`,
    send: (days) => apiJson<typeof calls.shortenLicense>('POST', `/api/license/shorten/${license.id}`, { days }),
    texts: DAYS_TEXTS.shortenLicense,
  });
}

/** Removes the device binding; offered only when a device is bound (docs/spec.md#devices). */
export async function deactivateLicense(license: License): Promise<void> {
  const deviceId = license.device_id;
  if (!deviceId) return;
  const device = license.device_name || deviceId;
  if (!confirmAction(`Deactivate license ${license.license_key} on device "${device}"?`)) return;
  const body = { license_key: license.license_key, device_id: deviceId };
  await mutate(
    () => apiJson<typeof deactivateCall>('POST', '/api/deactivate_license', body),
    CHANGE_TEXTS.deactivateLicense,
  );
}

export async function deleteLicense(license: License): Promise<void> {
  if (!confirmAction(`Delete license ${license.license_key}? This cannot be undone.`)) return;
  await mutate(
    () => apiJson<typeof calls.deleteLicense>('DELETE', `/api/license/delete/${license.id}`),
    CHANGE_TEXTS.deleteLicense,
  );
}

/** Saves the licence file as `{license_key}.txt` (docs/spec.md#licence-download). */
export async function downloadLicense(license: License): Promise<void> {
  const path = `/api/license/download/${encodeURIComponent(license.license_key)}` as const;
  await downloadFile<typeof calls.downloadLicense>(
    path,
    () => `${license.license_key}.txt`,
    MESSAGES.downloadLicenseError,
  );
}
