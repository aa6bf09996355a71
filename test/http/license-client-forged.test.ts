import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';
import { seedLicense } from './license-app-helpers';
import { client, startRelay } from './license-client-run';
import type { Relay } from './license-client-run';

type Context = { server: TestServer; relay: Relay; dir: string; pem: string };
const forged = suite<Context>('reference client against a relay that forges answers', {} as Context);

forged.before(async (context) => {
  context.server = await startServer();
  context.relay = await startRelay(context.server.url);
  context.dir = await mkdtemp(join(tmpdir(), 'license-client-forged-'));
  const pinned = await client(['pin'], {
    LICENSE_SERVER: context.server.url,
    LICENSE_CLIENT_DIR: join(context.dir, 'pin'),
  });
  assert.is(pinned.code, 0, pinned.output);
  context.pem = await readFile(join(context.dir, 'pin', 'public-key.pem'), 'utf8');
});

forged.before.each((context) => {
  context.relay.tamper = {};
});

forged.after(async (context) => {
  await context.relay.close();
  await context.server.close();
  await rm(context.dir, { recursive: true, force: true });
});

/** A client on its own device; `direct` talks to the server, `relayed` through the relay. */
function device(context: Context, name: string) {
  const env = {
    LICENSE_CLIENT_DIR: join(context.dir, name),
    LICENSE_PUBLIC_KEY: context.pem,
    LICENSE_DEVICE_ID: `lb-test-${name}`,
  };
  return {
    id: env.LICENSE_DEVICE_ID,
    direct: (...args: string[]) => client(args, { ...env, LICENSE_SERVER: context.server.url }),
    relayed: (...args: string[]) => client(args, { ...env, LICENSE_SERVER: context.relay.url }),
    state: async () =>
      JSON.parse(await readFile(join(env.LICENSE_CLIENT_DIR, 'state.json'), 'utf8')) as Record<string, unknown>,
  };
}

async function leased(context: Context, name: string) {
  const { key } = await seedLicense(context.server);
  const one = device(context, name);
  const activated = await one.direct('activate', key, 'Test PC');
  assert.is(activated.code, 0, activated.output);
  return { key, one };
}

forged('a relay holding one bound licence cannot answer "valid" for another machine', async (context) => {
  const { key, one } = await leased(context, 'holder');
  context.relay.tamper = { request: (body) => ({ ...body, device_id: one.id }) };
  const other = device(context, 'stranger');
  const activated = await other.relayed('activate', key, 'Other PC');
  assert.is(activated.code, 2, activated.output);
  assert.match(activated.output, 'untrusted answer: answer is for another device; nothing changed');
  const validated = await other.relayed('validate', key);
  assert.is(validated.code, 2, validated.output);
  assert.match(validated.output, 'untrusted answer: answer is for another device');
  const status = await other.direct('status');
  assert.match(status.output, 'OFFLINE_REFUSED: no lease');
});

forged('a signed LICENSE_NOT_FOUND for another key does not drop the lease', async (context) => {
  const { one } = await leased(context, 'swapped-key');
  context.relay.tamper = { request: (body) => ({ ...body, license_key: randomUUID() }) };
  const validated = await one.relayed('validate');
  assert.is(validated.code, 0, validated.output);
  assert.match(
    validated.output,
    'Server not usable (untrusted answer: answer is for another licence key); checking the offline lease.',
  );
  assert.match(validated.output, 'OFFLINE_VALID: lease until');
  const released = await one.relayed('deactivate');
  assert.is(released.code, 2, released.output);
  assert.match(released.output, 'answer is for another licence key; nothing changed');
  const online = await one.direct('validate');
  assert.is(online.code, 0, online.output);
  assert.match(online.output, /^VALID: /m);
});

forged(
  'answers without our nonce, or with an old one, are refused: a recorded refusal cannot be replayed',
  async (context) => {
    const { key } = await seedLicense(context.server);
    const one = device(context, 'replayed');
    // Before activation the attacker records genuine signed refusals for this key and device.
    const bare = await call(context.server.url, 'POST', '/api/license/validate', {
      body: { license_key: key, device_id: one.id },
    });
    assert.equal([bare.json.code, bare.json.nonce], ['NOT_ACTIVATED', null]);
    let recorded: { status: number; json: Record<string, unknown> } | undefined;
    context.relay.tamper = { answer: (answer) => void (recorded = answer) };
    const early = await one.relayed('validate', key);
    assert.is(early.code, 1, early.output);
    assert.match(early.output, /^NOT_ACTIVATED: /m);
    assert.ok(recorded);

    const activated = await one.direct('activate', key, 'Test PC');
    assert.is(activated.code, 0, activated.output);
    context.relay.tamper = { answer: () => ({ status: 403, json: bare.json }) };
    const noNonce = await one.relayed('validate');
    assert.is(noNonce.code, 0, noNonce.output);
    assert.match(noNonce.output, 'untrusted answer: answer carries no nonce (replayable)');
    context.relay.tamper = { answer: () => recorded };
    const oldNonce = await one.relayed('validate');
    assert.is(oldNonce.code, 0, oldNonce.output);
    assert.match(oldNonce.output, 'untrusted answer: nonce mismatch (replayed or foreign answer)');
    context.relay.tamper = { request: ({ nonce: _nonce, ...body }) => body };
    const stripped = await one.relayed('validate');
    assert.is(stripped.code, 0, stripped.output);
    assert.match(stripped.output, 'untrusted answer: answer carries no nonce (replayable)');
    assert.match(stripped.output, 'OFFLINE_VALID: lease until');
  },
);

forged(
  'our nonce sent to another call is refused; then the genuine refusal for this key and device deletes the lease',
  async (context) => {
    const { one } = await leased(context, 'rerouted');
    context.relay.tamper = { path: (path) => (path === '/api/license/validate' ? '/api/deactivate_license' : path) };
    const rerouted = await one.relayed('validate');
    assert.is(rerouted.code, 0, rerouted.output);
    assert.match(rerouted.output, 'untrusted answer: answer is for another call (deactivate)');
    // The relay did release the device on the server: the next genuine answer says so, signed for us.
    const online = await one.direct('validate');
    assert.is(online.code, 1, online.output);
    assert.match(online.output, /^NOT_ACTIVATED: /m);
    assert.is((await one.state()).lease, undefined);
    assert.match((await one.direct('status')).output, 'OFFLINE_REFUSED: no lease');
  },
);

forged('a refused LoopStream key keeps the working LoopBOT licence and its lease', async (context) => {
  const { key, one } = await leased(context, 'two-products');
  const stream = await seedLicense(context.server, { appType: 'loopstream' });
  const activated = await one.direct('activate', stream.key, 'Test PC');
  assert.is(activated.code, 1, activated.output);
  assert.match(activated.output, /^PRODUCT_MISMATCH: .*\nThe licence already on this device and its lease are kept\./m);
  const validated = await one.direct('validate', stream.key);
  assert.is(validated.code, 1, validated.output);
  assert.match(validated.output, /^PRODUCT_MISMATCH: /m);
  const unknown = await one.direct('activate', randomUUID(), 'Test PC');
  assert.is(unknown.code, 1, unknown.output);
  assert.match(unknown.output, /^LICENSE_NOT_FOUND: /m);
  assert.is((await one.state()).license_key, key);
  assert.match((await one.direct('status')).output, 'OFFLINE_VALID: lease until');
  const again = await one.direct('validate');
  assert.is(again.code, 0, again.output);
  assert.match(again.output, /^VALID: /m);
});

forged('help lists every command, LICENSE_SERVER and its default', async () => {
  for (const flag of ['--help', '-h', 'help']) {
    const shown = await client([flag], { LICENSE_SERVER: '' });
    assert.is(shown.code, 0, shown.output);
    for (const text of [
      'pin',
      'activate <key> [name]',
      'validate [key]',
      'status',
      'deactivate',
      'LICENSE_SERVER',
      'default http://localhost:3000',
      'LICENSE_CLIENT_DIR',
      'LICENSE_PUBLIC_KEY',
      'LICENSE_DEVICE_ID',
      'Exit code',
    ]) {
      assert.ok(shown.output.includes(text), `${flag} shows ${text}`);
    }
  }
  const wrong = await client(['bogus'], {});
  assert.is(wrong.code, 2);
  assert.match(wrong.output, 'unknown command "bogus"');
});

forged.run();
