/**
 * The licences the benchmarks seed: deterministic keys and devices, so a load generator in another
 * process (or wrk's Lua script) can name them without sharing a list. Each is bound to its device.
 */
import { hashLicenseKey } from '../../api/licenses/license-keys';
import type { NewLicense } from '../../data/licenses/licenses';

const KEY_PREFIX = 'c0000000-0000-4000-8000-';
const DEVICE_PREFIX = 'bench-device-';
const YEAR_MS = 365 * 24 * 3600 * 1000;

export const benchKey = (index: number): string => `${KEY_PREFIX}${index.toString(16).padStart(12, '0')}`;
export const benchDevice = (index: number): string => `${DEVICE_PREFIX}${index}`;

export function boundBenchLicenses(count: number, now: Date): NewLicense[] {
  return Array.from({ length: count }, (_, index) => ({
    license_key: benchKey(index),
    key_sha256: hashLicenseKey(benchKey(index)),
    email: `buyer${index}@example.com`,
    app_type: 'loopbot' as const,
    status: 'active',
    expired_date: new Date(now.getTime() + YEAR_MS).toISOString(),
    device_id: benchDevice(index),
    device_name: `PC ${index}`,
    device_activated_at: now.toISOString(),
    created_at: now.toISOString(),
  }));
}

/** wrk's Lua: one validate per licence in turn, the same keys and devices as above. */
export function validateLuaScript(count: number): string {
  return `
counter = 0
request = function()
  counter = counter + 1
  local i = counter % ${count}
  local body = '{"license_key":"${KEY_PREFIX}' .. string.format("%012x", i) .. '","device_id":"${DEVICE_PREFIX}' .. i .. '","nonce":"bench-nonce-' .. counter .. '"}'
  return wrk.format("POST", "/api/license/validate", {["Content-Type"] = "application/json"}, body)
end
`;
}
