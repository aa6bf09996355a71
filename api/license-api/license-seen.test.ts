import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openStore } from '../../data/open-store';
import { bindDevice, findLicenseByKeyHash } from '../../data/licenses/devices';
import { importLicenses } from '../../data/licenses/licenses';
import { hashLicenseKey } from '../licenses';
import type { Logger } from '../logger';
import { SeenRecorder } from './license-seen';
import { sightingsOf } from '../../data/licenses/sightings';

const quiet: Logger = {
  enabled: () => false,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const T0 = Date.parse('2026-04-01T00:00:00.000Z');

test('SeenRecorder: batches last seen + version + address, skips repeats within a minute, counts sightings, writes on close', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'license-seen-'));
  const db = await openStore({
    databaseUrl: undefined,
    dataDir: dir,
    onError: () => undefined,
    onInfo: () => undefined,
  });
  try {
    const [id] = await importLicenses(
      db,
      [
        {
          license_key: 'seen-key-1',
          key_sha256: hashLicenseKey('seen-key-1'),
          email: 'a@b.co',
          app_type: 'loopbot',
          status: 'active',
          expired_date: new Date(T0 + 1e10).toISOString(),
          device_id: null,
          device_name: null,
          device_activated_at: null,
          created_at: new Date(T0).toISOString(),
        },
      ],
      new Date(T0).toISOString(),
    );
    await bindDevice(db, {
      licenseId: id!,
      deviceId: 'device-seen-1',
      deviceName: 'PC',
      appVersion: '1.0',
      at: new Date(T0).toISOString(),
      maxMoves: 3,
      windowStart: new Date(0).toISOString(),
    });
    const read = async () => (await findLicenseByKeyHash(db, hashLicenseKey('seen-key-1')))!;
    const seen = new SeenRecorder(db, quiet, 'Asia/Jakarta');
    const IP = '198.51.100.20';

    seen.note(await read(), 'device-seen-1', new Date(T0 + 30_000), null, IP);
    assert.is((await read()).last_seen_at, new Date(T0).toISOString(), 'nothing written before a flush');
    await seen.flush();
    assert.equal(
      [(await read()).last_seen_at, (await read()).last_seen_ip],
      [new Date(T0 + 30_000).toISOString(), IP],
      'a new address is written',
    );
    seen.note(await read(), 'device-seen-1', new Date(T0 + 50_000), null, IP);
    await seen.flush();
    assert.is(
      (await read()).last_seen_at,
      new Date(T0 + 30_000).toISOString(),
      'seen 20 s after the last write with the same version and address: not written',
    );

    seen.note(await read(), 'device-seen-1', new Date(T0 + 95_000), null, IP);
    seen.note(await read(), 'device-seen-1', new Date(T0 + 96_000), '1.1', IP);
    seen.note(await read(), 'device-seen-1', new Date(T0 + 97_000), '1.1', '203.0.113.5', false);
    await seen.close();
    const row = await read();
    assert.equal([row.last_seen_at, row.app_version], [new Date(T0 + 96_000).toISOString(), '1.1']);
    const sightings = await sightingsOf(db, row.id);
    assert.equal(
      sightings.map((item) => [item.day, item.ip, item.validations, item.refusals]).sort(),
      [
        ['2026-04-01', '198.51.100.20', 4, 0],
        ['2026-04-01', '203.0.113.5', 0, 1],
      ],
      'every validate counted, once per flush, by address; the refusal apart',
    );
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
