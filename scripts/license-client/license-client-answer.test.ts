import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  afterAnswer,
  checkCall,
  checkDevice,
  checkKey,
  checkLeaseTimes,
  checkNonce,
  checkProduct,
  judgeAnswer,
  keySha256,
  verifySignature,
} from './license-client-core';
import type { ClientState, Judgement, SentRequest, SignedPayload } from './license-client-core';
import { DAY, DEVICE, KEY, keyPair, signed, T0 } from './license-client-test-keys';

const server = keyPair();
const stranger = keyPair();
const OTHER_KEY = 'ABCDE-FGHJK-MNPQR-STVWX';
const SENT: SentRequest = {
  call: 'validate',
  nonce: 'nonce-1234',
  deviceId: DEVICE,
  keySha256: keySha256(KEY),
  product: 'loopbot',
};

function payload(fields: Partial<SignedPayload> = {}): SignedPayload {
  const verified = verifySignature(signed(server.privateKey, server.pinned.kid, fields), [server.pinned]);
  if (!verified.ok) throw new Error(verified.reason);
  return verified.payload;
}

type Row = [name: string, fields: Partial<SignedPayload>, reason: string | undefined];

function table(name: string, check: (payload: SignedPayload) => string | undefined, rows: Row[]): void {
  const cases = suite(name);
  for (const [label, fields, reason] of rows) cases(label, () => assert.is(check(payload(fields)), reason));
  cases.run();
}

table('checkCall', (answer) => checkCall(answer, 'validate'), [
  ['the call we made', {}, undefined],
  [
    'our nonce sent to deactivate by a relay',
    { typ: 'deactivate', code: 'DEACTIVATED', valid: false },
    'answer is for another call (deactivate)',
  ],
]);

table('checkNonce', (answer) => checkNonce(answer, 'nonce-1234'), [
  ['our nonce', {}, undefined],
  ["another request's nonce", { nonce: 'nonce-5678' }, 'nonce mismatch (replayed or foreign answer)'],
  ['no nonce (a request sent without one, replayable)', { nonce: null }, 'answer carries no nonce (replayable)'],
]);

table('checkDevice', (answer) => checkDevice(answer, DEVICE), [
  ['this device', {}, undefined],
  ['the device a relay holds the licence for', { device_id: 'lb-relay-machine' }, 'answer is for another device'],
  ['no device', { device_id: null }, 'answer is for another device'],
]);

table('checkKey', (answer) => checkKey(answer, keySha256(KEY)), [
  ['this key', {}, undefined],
  ['another key', { key_sha256: keySha256(OTHER_KEY) }, 'answer is for another licence key'],
  ['no key', { key_sha256: null }, 'answer is for another licence key'],
]);

table('checkProduct', (answer) => checkProduct(answer, 'loopbot'), [
  ['LoopBOT', {}, undefined],
  ['LoopStream', { product: 'loopstream' }, 'lease is for another product (loopstream)'],
]);

table('checkLeaseTimes', checkLeaseTimes, [
  ['seven days from issue', {}, undefined],
  ['no lease end', { lease_expires_at: null }, 'answer carries no usable lease'],
  [
    'ends before it is issued',
    { lease_expires_at: new Date(T0 - DAY).toISOString() },
    'answer carries no usable lease',
  ],
  ['unreadable issue time', { issued_at: 'yesterday' }, 'answer carries no usable lease'],
]);

type JudgeRow = [name: string, fields: Partial<SignedPayload>, kind: Judgement['kind'], reason?: string];

const judgeAnswerCases = suite('judgeAnswer');
const judgeRows: JudgeRow[] = [
  ['a valid answer to this request', {}, 'lease'],
  [
    'a valid answer for another device (relay answering for many machines)',
    { device_id: 'lb-relay-machine' },
    'untrusted',
    'answer is for another device',
  ],
  [
    'a signed LICENSE_NOT_FOUND for another key (man in the middle)',
    { code: 'LICENSE_NOT_FOUND', valid: false, key_sha256: keySha256(OTHER_KEY) },
    'untrusted',
    'answer is for another licence key',
  ],
  [
    'a refusal without a nonce',
    { code: 'DEVICE_MISMATCH', valid: false, nonce: null },
    'untrusted',
    'answer carries no nonce (replayable)',
  ],
  [
    'a refusal with an old nonce',
    { code: 'LICENSE_EXPIRED', valid: false, nonce: 'nonce-old-one' },
    'untrusted',
    'nonce mismatch (replayed or foreign answer)',
  ],
  ['a valid answer without a nonce', { nonce: null }, 'untrusted', 'answer carries no nonce (replayable)'],
  [
    'an answer to another call',
    { typ: 'activate', code: 'ACTIVATED' },
    'untrusted',
    'answer is for another call (activate)',
  ],
  ['a valid LoopStream answer', { product: 'loopstream' }, 'untrusted', 'lease is for another product (loopstream)'],
  ['a valid answer without a lease', { lease_expires_at: null }, 'untrusted', 'answer carries no usable lease'],
  [
    'a signed refusal for this key and device',
    { code: 'LICENSE_SUSPENDED', valid: false, status: 'suspended', lease_expires_at: null },
    'no-lease',
  ],
  [
    'a per-IP rate limit (names no key or device)',
    { code: 'RATE_LIMITED', valid: false, key_sha256: null, device_id: null },
    'no-decision',
  ],
  [
    'a rate limit without our nonce',
    { code: 'RATE_LIMITED', valid: false, nonce: null },
    'untrusted',
    'answer carries no nonce (replayable)',
  ],
];
for (const [name, fields, kind, reason] of judgeRows) {
  judgeAnswerCases(name, () => {
    const judgement = judgeAnswer(signed(server.privateKey, server.pinned.kid, fields), [server.pinned], SENT);
    assert.equal([judgement.kind, judgement.kind === 'untrusted' ? judgement.reason : undefined], [kind, reason]);
  });
}
judgeAnswerCases('an answer signed by a key that is not pinned', () => {
  const judgement = judgeAnswer(signed(stranger.privateKey, stranger.pinned.kid, {}), [server.pinned], SENT);
  assert.equal(judgement, {
    kind: 'untrusted',
    reason: `answer signed by an unknown key (kid ${stranger.pinned.kid})`,
  });
});
judgeAnswerCases('no signature at all', () => {
  assert.equal(judgeAnswer(undefined, [server.pinned], SENT), { kind: 'untrusted', reason: 'answer is not signed' });
});
judgeAnswerCases.run();

const afterAnswerCases = suite('afterAnswer');
const working: ClientState = {
  device_id: DEVICE,
  license_key: KEY,
  lease: signed(server.privateKey, server.pinned.kid, {}),
  offset_ms: 0,
  last_local_time: T0,
};
const otherSent: SentRequest = { ...SENT, call: 'activate', keySha256: keySha256(OTHER_KEY) };

function judge(fields: Partial<SignedPayload>, sent: SentRequest = SENT): Judgement {
  return judgeAnswer(
    signed(server.privateKey, server.pinned.kid, { typ: sent.call, key_sha256: sent.keySha256, ...fields }),
    [server.pinned],
    sent,
  );
}

afterAnswerCases('a refused new key (LoopStream key in a LoopBOT app) keeps the working lease and key', () => {
  const refused = judge({ code: 'PRODUCT_MISMATCH', valid: false, product: 'loopstream' }, otherSent);
  assert.is(refused.kind, 'no-lease');
  assert.is(afterAnswer(working, OTHER_KEY, refused, T0 + DAY), working);
});
afterAnswerCases('forged, replayed or undecided answers change nothing', () => {
  for (const fields of [
    { device_id: 'lb-relay-machine' },
    { nonce: null },
    { code: 'RATE_LIMITED', valid: false },
    { code: 'DEVICE_MISMATCH', valid: false, nonce: 'nonce-old-one' },
  ]) {
    assert.is(afterAnswer(working, KEY, judge(fields), T0 + DAY), working, JSON.stringify(fields));
  }
});
afterAnswerCases('a signed refusal for the kept key deletes the lease, however the key was typed', () => {
  const refused = judge({ code: 'LICENSE_EXPIRED', valid: false, lease_expires_at: null });
  assert.equal(afterAnswer(working, KEY.toUpperCase(), refused, T0 + DAY), {
    device_id: DEVICE,
    license_key: KEY,
    last_local_time: T0,
  });
});
afterAnswerCases('an accepted new key replaces the kept key and its lease', () => {
  const accepted = judge({ code: 'ACTIVATED' }, otherSent);
  const next = afterAnswer(working, OTHER_KEY, accepted, T0 + DAY);
  assert.is(next.license_key, OTHER_KEY);
  assert.is(next.lease, accepted.kind === 'lease' ? accepted.signature : undefined);
  assert.is(next.offset_ms, -DAY);
});
afterAnswerCases.run();
