/**
 * Reference client for the licence API: does what the LoopBOT desktop app does. Every answer goes
 * through judgeAnswer (signature, call, nonce, device, key) before it may touch the kept lease.
 * `npm run license:client -- help` lists the commands and settings.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import {
  afterAnswer,
  checkLease,
  deviceIdFrom,
  judgeAnswer,
  keySha256,
  makeNonce,
  pinnedKeyFromPem,
} from './license-client-core';
import type { ClientState, Judgement, LicenseCall, PinnedKey } from './license-client-core';

const DEFAULT_SERVER = 'http://localhost:3000';
const DEFAULT_DIR = join(homedir(), '.loopbot-license');
const server = (process.env.LICENSE_SERVER || DEFAULT_SERVER).replace(/\/$/, '');
const dir = process.env.LICENSE_CLIENT_DIR || DEFAULT_DIR;
const stateFile = join(dir, 'state.json');
const keyFile = process.env.LICENSE_PUBLIC_KEY_FILE || join(dir, 'public-key.pem');
const APP_VERSION = '1.0.0-reference';
const PRODUCT = 'loopbot';

const HELP = `Reference licence client: does what the LoopBOT desktop app does.

Usage: npm run license:client -- <command>

Commands:
  pin                     fetch the server's public key(s) and pin them (compare the kid the server printed)
  activate <key> [name]   bind this device to <key> and keep its lease; a refused key leaves the kept licence alone
  validate [key]          check online (the kept key by default) and renew the lease;
                          uses the offline lease when the server cannot be reached or its answer is not trusted
  status                  offline check of the kept lease (signature, device, key, clock)
  deactivate              release this device and delete the lease
  help                    this text (also --help, -h)

Environment:
  LICENSE_SERVER           server address (default ${DEFAULT_SERVER}${process.env.LICENSE_SERVER ? `; now ${server}` : ''})
  LICENSE_CLIENT_DIR       where state.json and public-key.pem are kept (default ~/.loopbot-license)
  LICENSE_PUBLIC_KEY       pinned key(s) as PEM text, instead of the pinned file
  LICENSE_PUBLIC_KEY_FILE  pinned key file (default <LICENSE_CLIENT_DIR>/public-key.pem)
  LICENSE_DEVICE_ID        use this device id instead of the machine's (to simulate another device)

Exit code: 0 licensed or done, 1 refused, 2 error.`;

type Answer = { status: number; json: Record<string, unknown> };
type JudgedAnswer = { answer: Answer; judgement: Judgement };

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
  const text =
    process.env.LICENSE_PUBLIC_KEY?.replace(/\\n/g, '\n') ?? (await readFile(keyFile, 'utf8').catch(() => ''));
  const blocks = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];
  if (blocks.length === 0)
    throw new Error(
      `no pinned public key: run "npm run license:client -- pin" or set LICENSE_PUBLIC_KEY (looked in ${keyFile})`,
    );
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

/** Sends one call (naming the product, as every call takes it) with a fresh nonce and judges the answer against what was sent; throws when unreachable. */
async function signedCall(
  call: LicenseCall,
  path: string,
  key: string,
  body: Record<string, unknown>,
  state: ClientState,
  pinned: PinnedKey[],
): Promise<JudgedAnswer> {
  const nonce = makeNonce();
  const answer = await post(path, { ...body, license_key: key, device_id: state.device_id, product: PRODUCT, nonce });
  const sent = { call, nonce, deviceId: state.device_id, keySha256: keySha256(key), product: PRODUCT };
  return { answer, judgement: judgeAnswer(answer.json.signature, pinned, sent) };
}

/** Applies a trusted answer to the state, says what happened, returns the exit code. */
async function settle(state: ClientState, key: string, answer: Answer, judgement: Judgement): Promise<number> {
  const next = afterAnswer(state, key, judgement, Date.now());
  if (next !== state) await saveState(next);
  if (judgement.kind === 'lease') {
    show(answer.json, ` (lease until ${judgement.payload.lease_expires_at})`);
    return 0;
  }
  show(answer.json);
  if (next === state && state.lease && state.license_key)
    console.log('The licence already on this device and its lease are kept.');
  return 1;
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
  const state = await loadState();
  const body = { device_name: name ?? hostname().slice(0, 64), app_version: APP_VERSION };
  const { answer, judgement } = await signedCall('activate', '/api/license/activate', key, body, state, pinned);
  if (judgement.kind === 'untrusted') throw new Error(`untrusted answer: ${judgement.reason}; nothing changed`);
  return settle(state, key, answer, judgement);
}

async function validate(typedKey: string | undefined): Promise<number> {
  const pinned = await loadPinned();
  const state = await loadState();
  const key = typedKey ?? state.license_key;
  if (!key) throw new Error('no licence: activate first');
  // The offline lease speaks only for the kept key, never for a key typed now.
  const isKeptKey = state.license_key !== undefined && keySha256(state.license_key) === keySha256(key);
  const fallBack = async (why: string): Promise<number> => {
    if (!isKeptKey) throw new Error(`${why}; nothing changed`);
    console.log(`${why}; checking the offline lease.`);
    return offline(state, pinned);
  };
  let call: JudgedAnswer;
  try {
    call = await signedCall('validate', '/api/license/validate', key, { app_version: APP_VERSION }, state, pinned);
  } catch (error) {
    return fallBack(`Server not reachable (${(error as Error).message})`);
  }
  const { answer, judgement } = call;
  if (judgement.kind === 'untrusted') return fallBack(`Server not usable (untrusted answer: ${judgement.reason})`);
  if (judgement.kind === 'no-decision') {
    show(answer.json);
    return fallBack('No decision');
  }
  return settle(state, key, answer, judgement);
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
  const key = state.license_key;
  if (!key) throw new Error('no licence: nothing to deactivate');
  const { answer, judgement } = await signedCall('deactivate', '/api/deactivate_license', key, {}, state, pinned);
  if (judgement.kind === 'untrusted') throw new Error(`untrusted answer: ${judgement.reason}; nothing changed`);
  // Released or not, a signed "no lease" for this key and device (DEVICE_MISMATCH too) deletes the lease.
  if (judgement.kind === 'no-lease') await saveState(afterAnswer(state, key, judgement, Date.now()));
  const released = judgement.kind === 'no-lease' && ['DEACTIVATED', 'NOT_ACTIVATED'].includes(judgement.payload.code);
  show(answer.json);
  return released ? 0 : 1;
}

async function help(): Promise<number> {
  console.log(HELP);
  return 0;
}

const [command, ...args] = process.argv.slice(2);
const commands: Record<string, () => Promise<number>> = {
  pin,
  activate: () => activate(args[0], args[1]),
  validate: () => validate(args[0]),
  deactivate,
  status: async () => offline(await loadState(), await loadPinned()),
  help,
  '--help': help,
  '-h': help,
};
const run = commands[command ?? ''];
if (!run) {
  console.error(`${command ? `unknown command "${command}"` : 'no command given'}\n\n${HELP}`);
  process.exit(2);
}
run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`error: ${(error as Error).message}`);
    process.exit(2);
  },
);
