import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashLicenseKey } from '../../api/licenses/license-keys';
import { SqliteStore } from '../sqlite/sqlite-store';
import { bindDevice, countRecentMoves, findLicenseByKeyHash, unbindDevice } from './devices';
import { recordSeen } from './sightings';
import type { BindInput } from './devices';
import { listLicenseEvents } from './events';
import { importLicenses } from './licenses';
import { migrate } from '../sqlite/migrations';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString();
const DAY = 24 * 3600 * 1000;

async function openDb(): Promise<{ db: SqliteStore; close: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'license-devices-'));
  const db = await SqliteStore.open({ dir, onError: () => undefined });
  await migrate(db.database);
  return {
    db,
    close: async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function seed(db: SqliteStore, key: string): Promise<number> {
  const [id] = await importLicenses(
    db,
    [
      {
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email: 'a@b.co',
        app_type: 'loopbot',
        status: 'active',
        expired_date: iso(365 * DAY),
        device_id: null,
        device_name: null,
        device_activated_at: null,
        created_at: iso(0),
      },
    ],
    iso(0),
  );
  return id!;
}

function bindInput(licenseId: number, deviceId: string, at: number, maxMoves = 2): BindInput {
  return {
    licenseId,
    deviceId,
    deviceName: `PC ${deviceId}`,
    appVersion: '1.0',
    at: iso(at),
    maxMoves,
    windowStart: iso(at - 30 * DAY),
  };
}

test('importLicenses + findLicenseByKeyHash: many rows in one transaction, ids in order', async () => {
  const { db, close } = await openDb();
  try {
    const keys = Array.from({ length: 450 }, (_, index) => `key-${String(index).padStart(4, '0')}`);
    const ids = await importLicenses(
      db,
      keys.map((key) => ({
        license_key: key,
        key_sha256: hashLicenseKey(key),
        email: 'x@y.z',
        app_type: 'loopbot' as const,
        status: 'active',
        expired_date: iso(DAY),
        device_id: null,
        device_name: null,
        device_activated_at: null,
        created_at: iso(0),
      })),
      iso(0),
    );
    assert.is(ids.length, 450);
    assert.equal(ids.slice(0, 3), [1, 2, 3]);
    const row = await findLicenseByKeyHash(db, hashLicenseKey('key-0449'));
    assert.equal([row?.id, row?.license_key, row?.device_id], [450, 'key-0449', null]);
    assert.is(await findLicenseByKeyHash(db, hashLicenseKey('nope')), undefined);
  } finally {
    await close();
  }
});

test('bindDevice: bound, same, other; one activated event', async () => {
  const { db, close } = await openDb();
  try {
    const id = await seed(db, 'bind-key-1');
    const bound = await bindDevice(db, bindInput(id, 'device-aaaa', 0));
    assert.is(bound.kind, 'bound');
    if (bound.kind === 'bound')
      assert.equal(
        [bound.move, bound.license.device_id, bound.license.device_activated_at],
        [false, 'device-aaaa', iso(0)],
      );
    const same = await bindDevice(db, { ...bindInput(id, 'device-aaaa', 1000), deviceName: 'Renamed' });
    assert.is(same.kind, 'same');
    if (same.kind === 'same')
      assert.equal([same.license.device_name, same.license.device_activated_at], ['Renamed', iso(0)]);
    const other = await bindDevice(db, bindInput(id, 'device-bbbb', 2000));
    assert.is(other.kind, 'other');
    assert.equal(
      (await listLicenseEvents(db, id)).map((event) => event.type),
      ['issued', 'activated'],
    );
    assert.is((await bindDevice(db, bindInput(999, 'device-aaaa', 0))).kind, 'missing');
  } finally {
    await close();
  }
});

test('bindDevice: concurrent binds of one licence → exactly one bound', async () => {
  const { db, close } = await openDb();
  try {
    const id = await seed(db, 'race-key');
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => bindDevice(db, bindInput(id, `device-race-${index}`, 0))),
    );
    assert.is(outcomes.filter((outcome) => outcome.kind === 'bound').length, 1);
    assert.is(outcomes.filter((outcome) => outcome.kind === 'other').length, 9);
  } finally {
    await close();
  }
});

test('unbindDevice + moves: moves counted in the window, reset by admin_unbound, refused over the limit', async () => {
  const { db, close } = await openDb();
  try {
    const id = await seed(db, 'move-key');
    await bindDevice(db, bindInput(id, 'device-m0', 0));
    assert.is(
      (await unbindDevice(db, { licenseId: id, deviceId: 'device-xx', actor: 'device', at: iso(1) })).kind,
      'mismatch',
    );
    assert.is(
      (await unbindDevice(db, { licenseId: id, deviceId: 'device-m0', actor: 'device', at: iso(2) })).kind,
      'unbound',
    );
    assert.is(
      (await unbindDevice(db, { licenseId: id, deviceId: 'device-m0', actor: 'device', at: iso(3) })).kind,
      'none',
    );
    for (const [index, at] of [
      [1, 10],
      [2, 20],
    ] as const) {
      const outcome = await bindDevice(db, bindInput(id, `device-m${index}`, at));
      assert.equal([outcome.kind, outcome.kind === 'bound' && outcome.move], ['bound', true]);
      await unbindDevice(db, { licenseId: id, deviceId: `device-m${index}`, actor: 'device', at: iso(at + 1) });
    }
    assert.is(await countRecentMoves(db, id, iso(-30 * DAY)), 2);
    const refused = await bindDevice(db, bindInput(id, 'device-m3', 30));
    assert.equal(
      [refused.kind, refused.kind === 'transfer_limit' && refused.oldestMoveAt],
      ['transfer_limit', iso(10)],
    );
    assert.is(
      (await bindDevice(db, bindInput(id, 'device-m3', 30 * DAY + 11))).kind,
      'bound',
      'the first move left the window',
    );
    await unbindDevice(db, { licenseId: id, deviceId: 'device-m3', actor: 'admin', at: iso(30 * DAY + 12) });
    assert.is(await countRecentMoves(db, id, iso(0)), 0, 'admin_unbound resets the count');
    const types = (await listLicenseEvents(db, id)).map((event) => `${event.type}:${event.actor}`);
    assert.equal(types.slice(-2), ['activated:device', 'admin_unbound:admin']);
  } finally {
    await close();
  }
});

test('recordSeen: writes last seen, version and address only while the same device is bound; kept after a restart', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'license-devices-'));
  try {
    const db = await SqliteStore.open({ dir, onError: () => undefined });
    await migrate(db.database);
    const id = await seed(db, 'seen-key');
    await bindDevice(db, bindInput(id, 'device-seen', 0));
    await recordSeen(db, [
      { licenseId: id, deviceId: 'device-seen', at: iso(5000), appVersion: '3.1', ip: '198.51.100.7' },
      { licenseId: id, deviceId: 'device-else', at: iso(9000), appVersion: '9.9', ip: '203.0.113.9' },
    ]);
    await db.close();
    const reopened = await SqliteStore.open({ dir, onError: () => undefined });
    const row = await findLicenseByKeyHash(reopened, hashLicenseKey('seen-key'));
    assert.equal(
      [row?.device_id, row?.last_seen_at, row?.app_version, row?.last_seen_ip],
      ['device-seen', iso(5000), '3.1', '198.51.100.7'],
    );
    await reopened.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
