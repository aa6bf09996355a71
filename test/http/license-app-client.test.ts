import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer } from '../harness';
import { seedLicense } from './license-app-helpers';
import { client } from './license-client-run';

test('reference client: pin, activate, validate, offline lease, clock rollback, fake server, second device, deactivate', async () => {
  const server = await startServer();
  const dir = await mkdtemp(join(tmpdir(), 'license-client-'));
  try {
    const { key } = await seedLicense(server);
    const env = {
      LICENSE_SERVER: server.url,
      LICENSE_CLIENT_DIR: join(dir, 'one'),
      LICENSE_DEVICE_ID: 'lb-test-device-one',
    };

    const pinned = await client(['pin'], env);
    assert.is(pinned.code, 0, pinned.output);
    assert.match(pinned.output, /Pinned 1 key/);

    const activated = await client(['activate', key, 'Test PC'], env);
    assert.is(activated.code, 0, activated.output);
    assert.match(activated.output, /^ACTIVATED: .*lease until/m);
    assert.is((await stat(join(dir, 'one', 'state.json'))).mode & 0o777, 0o600);

    const validated = await client(['validate'], env);
    assert.is(validated.code, 0, validated.output);
    assert.match(validated.output, /^VALID: /m);

    const offline = await client(['validate'], { ...env, LICENSE_SERVER: 'http://127.0.0.1:9' });
    assert.is(offline.code, 0, offline.output);
    assert.match(offline.output, /OFFLINE_VALID: lease until/);

    // A rolled-back clock looks like a last local time one hour in the future.
    const stateFile = join(dir, 'one', 'state.json');
    const state = JSON.parse(await readFile(stateFile, 'utf8')) as Record<string, unknown>;
    await writeFile(stateFile, JSON.stringify({ ...state, last_local_time: Date.now() + 3600_000 }));
    const rolled = await client(['status'], env);
    assert.is(rolled.code, 1, rolled.output);
    assert.match(rolled.output, /OFFLINE_REFUSED: the clock was set back by more than 5 minutes/);
    await writeFile(stateFile, JSON.stringify(state));

    // A server whose answers are not signed by the pinned key is not trusted: the offline lease decides.
    const strangerPem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const fake = await client(['validate'], { ...env, LICENSE_PUBLIC_KEY: strangerPem });
    assert.match(fake.output, /untrusted answer: answer signed by an unknown key/);

    const second = await client(['activate', key, 'Other PC'], {
      ...env,
      LICENSE_CLIENT_DIR: join(dir, 'two'),
      LICENSE_PUBLIC_KEY_FILE: join(dir, 'one', 'public-key.pem'),
      LICENSE_DEVICE_ID: 'lb-test-device-two',
    });
    assert.is(second.code, 1, second.output);
    assert.match(second.output, /^DEVICE_LIMIT_REACHED: /m);

    const released = await client(['deactivate'], env);
    assert.is(released.code, 0, released.output);
    assert.match(released.output, /^DEACTIVATED: /m);
    const after = await client(['status'], env);
    assert.is(after.code, 1);
    assert.match(after.output, /OFFLINE_REFUSED: no lease/);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
