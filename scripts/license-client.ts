/**
 * Reference client for the licence API: does what the LoopBOT desktop app does.
 *
 *   npm run license:client -- pin                      fetch the server's public key and pin it
 *   npm run license:client -- activate <key> [name]    activate this device, keep the lease
 *   npm run license:client -- validate                 validate online; offline lease if unreachable
 *   npm run license:client -- status                   offline check of the kept lease
 *   npm run license:client -- deactivate               release this device
 *
 * Environment: LICENSE_SERVER (http://localhost:3000), LICENSE_CLIENT_DIR (~/.loopbot-license),
 * LICENSE_PUBLIC_KEY (PEM) or LICENSE_PUBLIC_KEY_FILE (<dir>/public-key.pem), LICENSE_DEVICE_ID
 * (to simulate another device). Exit code 0: licensed / done; 1: refused; 2: error.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import { checkLease, deviceIdFrom, dropLease, makeNonce, pinnedKeyFromPem, storeLease, verifySignature } from './license-client-core';
import type { ClientState, PinnedKey, Signature, SignedPayload } from './license-client-core';

const server = (process.env.LICENSE_SERVER || 'http://localhost:3000').replace(/\/$/, '');
const dir = process.env.LICENSE_CLIENT_DIR || join(homedir(), '.loopbot-license');
const stateFile = join(dir, 'state.json');
const keyFile = process.env.LICENSE_PUBLIC_KEY_FILE || join(dir, 'public-key.pem');
const APP_VERSION = '1.0.0-reference';

type Answer = { status: number; json: Record<string, unknown> };

async function post(path: string, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(server + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

async function loadPinned(): Promise<PinnedKey[]> {
  const text = process.env.LICENSE_PUBLIC_KEY?.replace(/\\n/g, '\n') ?? (await readFile(keyFile, 'utf8').catch(() => ''));
  const blocks = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];
  if (blocks.length === 0) throw new Error(`no pinned public key: run "npm run license:client -- pin" or set LICENSE_PUBLIC_KEY (looked in ${keyFile})`);
  return blocks.map(pinnedKeyFromPem);
}

async function machineId(): Promise<string> {
  const id = await readFile('/etc/machine-id', 'utf8').catch(() => '');
  return id.trim() || `${hostname()}:${randomBytes(16).toString('hex')}`;
}

async function loadState(): Promise<ClientState> {
  const text = await readFile(stateFile, 'utf8').catch(() => undefined);
  const state = text ? (JSON.parse(text) as ClientState) : { device_id: deviceIdFrom(await machineId()) };
  if (process.env.LICENSE_DEVICE_ID) state.device_id = process.env.LICENSE_DEVICE_ID;
  return state;
}

async function saveState(state: ClientState): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(stateFile, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
}

function show(json: Record<string, unknown>, extra = ''): void {
  console.log(`${String(json.code)}: ${String(json.message)}${extra}`);
}

/** Sends one call with a fresh nonce; returns the verified payload or throws (an unverifiable answer is no answer). */
async function signedCall(path: string, body: Record<string, unknown>, pinned: PinnedKey[]): Promise<{ answer: Answer; signature: Signature; payload: SignedPayload }> {
  const nonce = makeNonce();
  const answer = await post(path, { ...body, nonce });
  const payload = verifyOrThrow(answer.json.signature, pinned, nonce);
  return { answer, signature: answer.json.signature as Signature, payload };
}

function verifyOrThrow(signature: unknown, pinned: PinnedKey[], nonce: string): SignedPayload {
  const verified = verifySignature(signature, pinned, nonce);
  if (!verified.ok) throw new Error(`untrusted answer: ${verified.reason}`);
  return verified.payload;
}

async function pin(): Promise<number> {
  const response = await fetch(`${server}/api/license/public-key`, { signal: AbortSignal.timeout(10_000) });
  const json = (await response.json()) as { keys?: Array<{ kid: string; public_key_pem: string }> };
  const keys = json.keys ?? [];
  if (keys.length === 0) throw new Error('the server published no key');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(keyFile, keys.map((key) => key.public_key_pem).join(''), { mode: 0o644 });
  console.log(`Pinned ${keys.length} key(s) in ${keyFile}: ${keys.map((key) => key.kid).join(', ')}`);
  console.log('Compare the kid with the one printed by the server when it generated its key before trusting it.');
  return 0;
}

async function activate(key: string | undefined, name: string | undefined): Promise<number> {
  if (!key) throw new Error('usage: activate <license_key> [device name]');
  const pinned = await loadPinned();
  let state = await loadState();
  const body = { license_key: key, device_id: state.device_id, device_name: name ?? hostname().slice(0, 64), product: 'loopbot', app_version: APP_VERSION };
  const { answer, signature, payload } = await signedCall('/api/license/activate', body, pinned);
  state = { ...state, license_key: key };
  state = payload.valid ? storeLease(state, signature, payload, Date.now()) : dropLease(state);
  await saveState(state);
  show(answer.json, payload.valid ? ` (lease until ${payload.lease_expires_at})` : '');
  return payload.valid ? 0 : 1;
}

async function validate(): Promise<number> {
  const pinned = await loadPinned();
  let state = await loadState();
  if (!state.license_key) throw new Error('no licence: activate first');
  try {
    const body = { license_key: state.license_key, device_id: state.device_id, app_version: APP_VERSION };
    const { answer, signature, payload } = await signedCall('/api/license/validate', body, pinned);
    if (payload.code === 'RATE_LIMITED') {
      show(answer.json);
      return offline(state, pinned);
    }
    // A signed "no" is a real no: the lease goes.
    state = payload.valid ? storeLease(state, signature, payload, Date.now()) : dropLease(state);
    await saveState(state);
    show(answer.json, payload.valid ? ` (lease until ${payload.lease_expires_at})` : '');
    return payload.valid ? 0 : 1;
  } catch (error) {
    console.log(`Server not usable (${(error as Error).message}); checking the offline lease.`);
    return offline(state, pinned);
  }
}

async function offline(state: ClientState, pinned: PinnedKey[]): Promise<number> {
  const check = checkLease(state, pinned, Date.now());
  await saveState(check.state);
  console.log(check.ok ? `OFFLINE_VALID: lease until ${check.expiresAt}` : `OFFLINE_REFUSED: ${check.reason}`);
  return check.ok ? 0 : 1;
}

async function deactivate(): Promise<number> {
  const pinned = await loadPinned();
  const state = await loadState();
  if (!state.license_key) throw new Error('no licence: nothing to deactivate');
  const { answer, payload } = await signedCall('/api/deactivate_license', { license_key: state.license_key, device_id: state.device_id }, pinned);
  const released = payload.code === 'DEACTIVATED' || payload.code === 'NOT_ACTIVATED';
  if (released) await saveState(dropLease(state));
  show(answer.json);
  return released ? 0 : 1;
}

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, () => Promise<number>> = {
  pin,
  activate: () => activate(args[0], args[1]),
  validate,
  deactivate,
  status: async () => offline(await loadState(), await loadPinned()),
};
const run = commands[command ?? ''];
if (!run) {
  console.error('usage: npm run license:client -- pin | activate <key> [name] | validate | status | deactivate');
  process.exit(2);
}
run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`error: ${(error as Error).message}`);
    process.exit(2);
  },
);
