import { createPublicKey, randomUUID, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { listLicenseEvents } from '../../data/licenses/events';
import { importLicenses } from '../../data/licenses/licenses';
import { call } from '../harness';
import type { ApiAnswer, TestServer } from '../harness';

export const PREFIX = 'LOOPBOT-LICENSE-V1\n';
export const DAY_MS = 24 * 3600 * 1000;

export type SeededLicense = { id: number; key: string };

/** Inserts licences straight through the data layer (the admin API is tested on its own). */
export async function seedLicense(
  server: TestServer,
  options: { appType?: 'loopbot' | 'loopstream'; expiresInDays?: number; status?: string; key?: string } = {},
): Promise<SeededLicense> {
  const key =
    options.key ??
    (options.appType === 'loopstream' ? 'ABCDE-FGHJK-MNPQR-' + randomUUID().slice(0, 5).toUpperCase() : randomUUID());
  const now = new Date();
  const [id] = await importLicenses(
    server.app.ctx.db,
    [
      {
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email: 'buyer@example.com',
        app_type: options.appType ?? 'loopbot',
        status: options.status ?? 'active',
        expired_date: new Date(now.getTime() + (options.expiresInDays ?? 30) * DAY_MS).toISOString(),
        device_id: null,
        device_name: null,
        device_activated_at: null,
        created_at: now.toISOString(),
      },
    ],
    now.toISOString(),
  );
  return { id: id!, key };
}

export function deviceId(name: string): string {
  return `device-${name}-0123456789`;
}

export async function fetchPublicKey(url: string): Promise<{ key: KeyObject; kid: string }> {
  const answer = await call(url, 'GET', '/api/license/public-key');
  assert.is(answer.status, 200);
  return { key: createPublicKey(String(answer.json.public_key_pem)), kid: String(answer.json.kid) };
}

export type Payload = Record<string, unknown> & { code: string; valid: boolean; nonce: string | null };

/** Asserts the answer's signature verifies with `publicKey` and returns its signed payload. */
export function verifiedPayload(answer: ApiAnswer, publicKey: { key: KeyObject; kid: string }): Payload {
  const signature = answer.json.signature as { alg: string; kid: string; payload: string; sig: string } | undefined;
  assert.ok(signature, `answer is signed: ${answer.text}`);
  assert.is(signature.alg, 'Ed25519');
  assert.is(signature.kid, publicKey.kid);
  const ok = verify(
    null,
    Buffer.from(PREFIX + signature.payload, 'utf8'),
    publicKey.key,
    Buffer.from(signature.sig, 'base64url'),
  );
  assert.ok(ok, 'signature verifies');
  const payload = JSON.parse(Buffer.from(signature.payload, 'base64url').toString('utf8')) as Payload;
  assert.is(payload.code, answer.json.code);
  assert.is(payload.valid, answer.json.valid);
  return payload;
}

export function licenseCall(
  server: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  return call(server.url, 'POST', path, { body, headers });
}

export function activate(
  server: TestServer,
  key: string,
  device: string,
  extra: Record<string, unknown> = {},
): Promise<ApiAnswer> {
  return licenseCall(server, '/api/license/activate', {
    license_key: key,
    device_id: device,
    device_name: `PC ${device.slice(7, 12)}`,
    ...extra,
  });
}

export function validate(
  server: TestServer,
  key: string,
  device: string,
  extra: Record<string, unknown> = {},
): Promise<ApiAnswer> {
  return licenseCall(server, '/api/license/validate', { license_key: key, device_id: device, ...extra });
}

export function deactivate(
  server: TestServer,
  key: string,
  device: string,
  headers: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): Promise<ApiAnswer> {
  return licenseCall(server, '/api/deactivate_license', { license_key: key, device_id: device, ...extra }, headers);
}

/** The audit events after the licence's `issued` event (which seedLicense's import writes first). */
export async function eventsOf(
  server: TestServer,
  licenseId: number,
): Promise<Array<{ type: string; actor: string; device_id: string | null; data: Record<string, unknown> | null }>> {
  const [issued, ...rows] = await listLicenseEvents(server.app.ctx.db, licenseId);
  if (issued?.type !== 'issued')
    throw new Error(`licence ${licenseId}: the first event is ${issued?.type}, not issued`);
  return rows.map((row) => ({
    type: row.type,
    actor: row.actor,
    device_id: row.device_id,
    data: row.data === null ? null : (JSON.parse(row.data) as Record<string, unknown>),
  }));
}
