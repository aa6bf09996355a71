import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createSigner,
  generateSigningKeyPem,
  keyId,
  loadLicenseSigner,
  parsePrivateKeys,
  SIGNATURE_PREFIX,
  SIGNING_KEY_FILE,
} from './license-signing';

test('createSigner: signs prefix + payload; the signature verifies with the published SPKI key', () => {
  const signer = createSigner(parsePrivateKeys(generateSigningKeyPem()));
  const sig = signer.sign('eyJ2IjoxfQ');
  const publicKey = createPublicKey(signer.publicKeys[0]!.public_key_pem);
  assert.ok(verify(null, Buffer.from(SIGNATURE_PREFIX + 'eyJ2IjoxfQ'), publicKey, Buffer.from(sig, 'base64url')));
  assert.not.ok(verify(null, Buffer.from('eyJ2IjoxfQ'), publicKey, Buffer.from(sig, 'base64url')));
  assert.is(signer.kid, keyId(publicKey));
});

test('createSigner: two live keys: the first signs, both are published with their kid', () => {
  const pem = generateSigningKeyPem() + generateSigningKeyPem();
  const signer = createSigner(parsePrivateKeys(pem));
  assert.is(signer.publicKeys.length, 2);
  assert.equal(
    signer.publicKeys.map((key) => key.signing),
    [true, false],
  );
  assert.is.not(signer.publicKeys[0]!.kid, signer.publicKeys[1]!.kid);
  const second = createPublicKey(signer.publicKeys[1]!.public_key_pem);
  assert.not.ok(verify(null, Buffer.from(SIGNATURE_PREFIX + 'x'), second, Buffer.from(signer.sign('x'), 'base64url')));
});

test('parsePrivateKeys: refuses text without PEM and non-Ed25519 keys', () => {
  assert.throws(() => parsePrivateKeys('not a key'), /no PEM block/);
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  assert.throws(() => parsePrivateKeys(rsa), /Ed25519/);
});

test('loadLicenseSigner: generates once into DATA_DIR with mode 0600, then reuses it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'license-signing-'));
  const logged: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => void logged.push(args.join(' '));
  try {
    const first = await loadLicenseSigner(undefined, dir);
    const second = await loadLicenseSigner(undefined, dir);
    assert.is(first.kid, second.kid);
    assert.is((await stat(join(dir, SIGNING_KEY_FILE))).mode & 0o777, 0o600);
    assert.is(logged.length, 1, 'one console notice, on generation only');
    assert.match(logged[0]!, new RegExp(first.kid));
    assert.not.ok(logged[0]!.includes('PRIVATE KEY'));
  } finally {
    console.log = original;
    await rm(dir, { recursive: true, force: true });
  }
});

test('loadLicenseSigner: LICENSE_SIGNING_KEY wins over the file (escaped newlines accepted)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'license-signing-'));
  try {
    const pem = generateSigningKeyPem();
    const signer = await loadLicenseSigner(pem.replace(/\n/g, '\\n'), dir);
    assert.is(signer.kid, createSigner(parsePrivateKeys(pem)).kid);
    assert.is(await readFile(join(dir, SIGNING_KEY_FILE)).catch(() => 'absent'), 'absent');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
