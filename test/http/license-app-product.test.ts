import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  activate,
  deactivate,
  deviceId,
  eventsOf,
  fetchPublicKey,
  seedLicense,
  validate,
  verifiedPayload,
} from './license-app-helpers';
import { startServer } from '../harness';

test('product: a LoopStream key activated with product loopstream validates and deactivates with it', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const { id, key } = await seedLicense(server, { appType: 'loopstream' });
    const device = deviceId('stream');
    assert.is((await activate(server, key, device, { product: 'loopstream' })).status, 201);

    const valid = await validate(server, key, device, { product: 'LoopStream', nonce: 'stream-nonce-1' });
    assert.equal([valid.status, valid.json.code, valid.json.valid], [200, 'VALID', true], valid.text);
    const payload = verifiedPayload(valid, publicKey);
    assert.equal([payload.product, payload.nonce], ['loopstream', 'stream-nonce-1']);
    assert.ok(payload.lease_expires_at, 'a LoopStream key gets a lease too');

    const released = await deactivate(server, key, device, {}, { product: 'loopstream' });
    assert.equal([released.status, released.json.code], [200, 'DEACTIVATED'], released.text);
    assert.equal(
      (await eventsOf(server, id)).map((event) => event.type),
      ['activated', 'deactivated'],
    );
  } finally {
    await server.close();
  }
});

test('product: without product (LoopBOT, as on activate) or with the other product, validate and deactivate are PRODUCT_MISMATCH and change nothing', async () => {
  const server = await startServer();
  try {
    const publicKey = await fetchPublicKey(server.url);
    const stream = await seedLicense(server, { appType: 'loopstream' });
    const bot = await seedLicense(server);
    const device = deviceId('mixed');
    assert.is((await activate(server, stream.key, device, { product: 'loopstream' })).status, 201);
    assert.is((await activate(server, bot.key, device)).status, 201);

    const cases = [
      ['validate a LoopStream key without product', () => validate(server, stream.key, device)],
      ['validate a LoopBOT key as loopstream', () => validate(server, bot.key, device, { product: 'loopstream' })],
      ['deactivate a LoopStream key without product', () => deactivate(server, stream.key, device)],
      [
        'deactivate a LoopBOT key as loopstream',
        () => deactivate(server, bot.key, device, {}, { product: 'loopstream' }),
      ],
    ] as const;
    for (const [name, send] of cases) {
      const answer = await send();
      assert.equal(
        [answer.status, answer.json.code, answer.json.success],
        [403, 'PRODUCT_MISMATCH', false],
        `${name}: ${answer.text}`,
      );
      verifiedPayload(answer, publicKey);
    }
    assert.is(
      (await validate(server, stream.key, device, { product: 'loopstream' })).json.code,
      'VALID',
      'still bound',
    );
    assert.is((await validate(server, bot.key, device, { product: 'loopbot' })).json.code, 'VALID', 'still bound');
  } finally {
    await server.close();
  }
});

test('product: a product other than loopbot or loopstream is INVALID_REQUEST 400 on validate and deactivate', async () => {
  const server = await startServer();
  try {
    const { key } = await seedLicense(server);
    const device = deviceId('badproduct');
    for (const answer of [
      await validate(server, key, device, { product: 'photoshop' }),
      await deactivate(server, key, device, {}, { product: 'photoshop' }),
    ]) {
      assert.equal(
        [answer.status, answer.json.code, answer.json.error],
        [400, 'INVALID_REQUEST', 'product must be loopbot or loopstream'],
      );
    }
  } finally {
    await server.close();
  }
});

test.run();
