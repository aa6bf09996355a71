/**
 * What validate leaves behind, written after the answer by the coalesced flush: the licence's last
 * address, and the day's sightings by address and device (licence health: a key seen from many
 * addresses in a day may be shared). A clean shutdown writes what is pending; a failing write is
 * logged and never reaches an answer.
 */
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { shopDay } from '../../contract/rules/shop-time';
import { findLicenseByKeyHash } from '../../data/licenses/devices';
import { sharingSuspects, sightingsOf, validationsBetween } from '../../data/licenses/sightings';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import type { Logger } from '../../api/logger';
import { startServer } from '../harness';
import { middayClock } from '../midday-clock';
import { activate, deviceId, seedLicense } from './license-app-helpers';
import type { TestServer } from '../harness';

/**
 * A validate from `ip` (the servers here trust X-Forwarded-For, as behind the proxy), each on a
 * connection of its own: on a loaded machine a kept-alive one was sometimes closed by the server's
 * keep-alive timer just as the next request went out (ECONNRESET, seen before these changes too).
 */
function validateFrom(
  server: TestServer,
  key: string,
  device: string,
  ip: string,
  extra: Record<string, unknown> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = JSON.stringify({ license_key: key, device_id: device, ...extra });
  return new Promise((done, fail) => {
    const sent = request(
      `${server.url}/api/license/validate`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'x-forwarded-for': ip } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          done({
            status: answer.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>,
          }),
        );
      },
    );
    sent.on('error', fail);
    sent.end(body);
  });
}
const DAY_MS = 86_400_000;

function capturingLog(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const log: Logger = {
    enabled: () => false,
    debug: () => undefined,
    info: () => undefined,
    warn: (message) => void warnings.push(message),
    error: (message) => void warnings.push(message),
  };
  return { log, warnings };
}

test('validate from 3 addresses in a day: the licence shows 3 addresses; refusals counted apart', async () => {
  const clock = middayClock();
  const server = await startServer({ TRUST_PROXY: '1' }, { now: clock });
  try {
    const { id, key } = await seedLicense(server);
    const device = deviceId('shared');
    assert.is((await activate(server, key, device)).status, 201);
    for (const ip of ['198.51.100.1', '198.51.100.1', '198.51.100.2', '203.0.113.3']) {
      const answer = await validateFrom(server, key, device, ip, { app_version: '2.0.0' });
      assert.is(answer.json.code, 'VALID');
    }
    const stranger = await validateFrom(server, key, deviceId('other'), '192.0.2.4');
    assert.is(stranger.json.code, 'DEVICE_MISMATCH');
    await server.app.ctx.licenseApi.seen.flush();

    const now = clock();
    const zone = server.app.ctx.config.timeZone;
    const today = shopDay(now, zone);
    const sightings = await sightingsOf(server.app.ctx.db, id);
    assert.equal(sightings.map((row) => [row.day, row.ip, row.deviceId, row.validations, row.refusals]).sort(), [
      [today, '192.0.2.4', deviceId('other'), 0, 1],
      [today, '198.51.100.1', device, 2, 0],
      [today, '198.51.100.2', device, 1, 0],
      [today, '203.0.113.3', device, 1, 0],
    ]);
    const period = [new Date(now.getTime() - DAY_MS).toISOString(), new Date(now.getTime() + DAY_MS).toISOString()];
    const suspects = await sharingSuspects(server.app.ctx.db, period[0]!, period[1]!, zone, { minAddresses: 3 });
    assert.equal(
      suspects.map((row) => [row.license_id, row.day, row.addresses, row.devices, row.validations, row.refusals]),
      [[id, today, 4, 2, 4, 1]],
    );
    const valid = await sharingSuspects(server.app.ctx.db, period[0]!, period[1]!, zone, {
      minAddresses: 5,
      minDevices: 3,
    });
    assert.equal(valid, [], 'below both thresholds: not listed');
    const days = await validationsBetween(server.app.ctx.db, period[0]!, period[1]!, zone);
    assert.equal(days, [{ day: today, validations: 4, refusals: 1, licences: 1 }]);
    const row = await findLicenseByKeyHash(server.app.ctx.db, hashLicenseKey(key));
    assert.equal([row?.last_seen_ip, row?.app_version], ['203.0.113.3', '2.0.0']);
  } finally {
    await server.close();
  }
});

test('a clean shutdown writes the pending last seen and sightings', async () => {
  const first = await startServer({ TRUST_PROXY: '1' });
  let second: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const { id, key } = await seedLicense(first);
    const device = deviceId('shutdown');
    await activate(first, key, device);
    assert.is((await validateFrom(first, key, device, '198.51.100.77', { app_version: '3.3.3' })).status, 200);
    await first.close({ remove: false });
    second = await startServer({ TRUST_PROXY: '1' }, { dataDir: first.dataDir });
    const row = await findLicenseByKeyHash(second.app.ctx.db, hashLicenseKey(key));
    assert.equal([row?.app_version, row?.last_seen_ip], ['3.3.3', '198.51.100.77']);
    const sightings = await sightingsOf(second.app.ctx.db, id);
    assert.equal(
      sightings.map((item) => [item.ip, item.validations]),
      [['198.51.100.77', 1]],
    );
  } finally {
    await (second ?? first).close();
  }
});

test('bookkeeping never holds or fails an answer: a flush that hangs, then fails, is logged', async () => {
  const { log, warnings } = capturingLog();
  const server = await startServer({ TRUST_PROXY: '1' }, { log });
  try {
    const { key } = await seedLicense(server);
    const device = deviceId('failing');
    await activate(server, key, device);
    const db = server.app.ctx.db;
    const transaction = db.transaction.bind(db);
    let fail: (error: Error) => void = () => undefined;
    const gate = new Promise<never>((_resolve, reject) => (fail = reject));
    gate.catch(() => undefined);
    // Telemetry writes (the flush) hang until told to fail; every other write goes through.
    (db as { transaction: typeof db.transaction }).transaction = ((work, options) =>
      options?.telemetry ? gate : transaction(work, options)) as typeof db.transaction;
    assert.is((await validateFrom(server, key, device, '198.51.100.5')).json.code, 'VALID');
    const flushed = server.app.ctx.licenseApi.seen.flush();
    for (let index = 0; index < 3; index++) {
      const answer = await validateFrom(server, key, device, `198.51.100.${10 + index}`);
      assert.equal([answer.status, answer.json.code], [200, 'VALID'], 'answered while the flush hangs');
    }
    fail(new Error('disk on fire'));
    await flushed;
    assert.ok(
      warnings.some((message) => message.includes('licence last-seen update failed')),
      warnings.join('\n'),
    );
    const after = await validateFrom(server, key, device, '198.51.100.99');
    assert.equal([after.status, after.json.code], [200, 'VALID'], 'answered after the failed flush');
    (db as { transaction: typeof db.transaction }).transaction = transaction;
  } finally {
    await server.close();
  }
});

test.run();
