import { rm } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeDataDir, withMigratedDatabase } from '../../test/harness';
import { SqliteStore } from '../sqlite/sqlite-store';
import { listLicenseEvents } from './events';
import { changeLicenseExpiry } from './expiry';
import {
  createLicense,
  deleteLicense,
  findLicenseById,
  findLicenseByKey,
  importLicenses,
  listLicenses,
} from './licenses';
import { licenseStats } from './stats';
import type { NewLicense } from './licenses';
import { adminLicenseStatus } from './status';
import { migrate } from '../sqlite/migrations';
import { hashLicenseKey } from '../../api/licenses/license-keys';

const NOW = '2026-06-01T00:00:00.000Z';
const FUTURE = '2026-12-31T10:00:00.000Z';
const PAST = '2026-01-01T00:00:00.000Z';

function row(
  key: string,
  email: string,
  expired_date = FUTURE,
  app_type: NewLicense['app_type'] = 'loopbot',
): NewLicense {
  return { license_key: key, key_sha256: hashLicenseKey(key), email, app_type, expired_date };
}

test('derived status: passed expiry is expired whatever was stored; unknown stored words are other', () =>
  withMigratedDatabase(async (db) => {
    const [active, expired, suspended, suspendedPast, storedExpired] = await importLicenses(
      db,
      [row('a', 'a@x.io'), row('b', 'b@x.io', PAST), row('c', 'c@x.io'), row('d', 'd@x.io', PAST), row('e', 'e@x.io')],
      NOW,
    );
    await db.transaction(async (tx) => {
      await tx.run("UPDATE licenses SET status = 'suspended' WHERE id IN (?, ?)", [suspended!, suspendedPast!]);
      await tx.run("UPDATE licenses SET status = 'expired' WHERE id = ?", [storedExpired!]);
      await tx.run("UPDATE licenses SET device_id = 'dev-1' WHERE id = ?", [active!]);
    });
    const status = async (id: number): Promise<string | undefined> => (await findLicenseById(db, id, NOW))?.status;
    assert.is(await status(active!), 'active');
    assert.is(await status(expired!), 'expired');
    assert.is(await status(suspended!), 'other');
    assert.is(await status(suspendedPast!), 'expired');
    assert.is(await status(storedExpired!), 'expired');
    // Exactly at the expiry instant the licence has expired.
    assert.is((await findLicenseById(db, active!, FUTURE))?.status, 'expired');
    assert.equal(await licenseStats(db, NOW), {
      total_licenses: 5,
      active_licenses: 1,
      expired_licenses: 3,
      activated_licenses: 1,
    });
    const listed = Object.fromEntries((await listLicenses(db, NOW)).map((license) => [license.id, license.status]));
    assert.equal(listed, {
      [active!]: 'active',
      [expired!]: 'expired',
      [suspended!]: 'other',
      [suspendedPast!]: 'expired',
      [storedExpired!]: 'expired',
    });
  }));

test('adminLicenseStatus: the rule table', () => {
  const table: Array<[string, boolean, string]> = [
    ['active', false, 'active'],
    ['active', true, 'expired'],
    ['expired', false, 'expired'],
    ['expired', true, 'expired'],
    ['suspended', false, 'other'],
    ['suspended', true, 'expired'],
    ['', false, 'other'],
  ];
  for (const [stored, passed, expected] of table)
    assert.is(adminLicenseStatus(stored, passed), expected, `${stored} ${passed}`);
});

test('licenseStats on an empty table is all zeros', () =>
  withMigratedDatabase(async (db) => {
    assert.equal(await licenseStats(db, NOW), {
      total_licenses: 0,
      active_licenses: 0,
      expired_licenses: 0,
      activated_licenses: 0,
    });
  }));

test('createLicense: draws again on a collision, writes issued in the same transaction', () =>
  withMigratedDatabase(async (db) => {
    await importLicenses(db, [row('taken', 'old@x.io')], NOW);
    const candidates = [row('taken', 'new@x.io'), row('fresh', 'new@x.io')];
    let calls = 0;
    const created = await createLicense(db, () => candidates[calls++]!, NOW);
    assert.is(calls, 2);
    assert.is(created?.license_key, 'fresh');
    assert.is(created?.status, 'active');
    assert.is(created?.device_id, null);
    assert.is(created?.created_at, NOW);
    const events = await listLicenseEvents(db, created!.id);
    assert.equal(
      events.map((event) => [event.type, event.actor, event.at]),
      [['issued', 'admin', NOW]],
    );
    assert.equal(JSON.parse(events[0]!.data!), { app_type: 'loopbot', email: 'new@x.io', expired_date: FUTURE });
  }));

test('createLicense: gives up (undefined, nothing written) when every draw collides', () =>
  withMigratedDatabase(async (db) => {
    await importLicenses(db, [row('taken', 'old@x.io')], NOW);
    assert.is(await createLicense(db, () => row('taken', 'x@x.io'), NOW, 3), undefined);
    assert.is((await listLicenses(db, NOW)).length, 1);
  }));

test('changeLicenseExpiry: computes from the current row, records old and new', () =>
  withMigratedDatabase(async (db) => {
    const [id] = await importLicenses(db, [row('a', 'a@x.io')], NOW);
    const change = await changeLicenseExpiry(
      db,
      id!,
      (current) => (current.expired_date === FUTURE ? PAST : 'wrong'),
      NOW,
      { days: 3 },
    );
    assert.is(change?.old, FUTURE);
    assert.is(change?.new, PAST);
    assert.is(change?.license.status, 'expired');
    assert.is(change?.license.updated_at, NOW);
    const events = await listLicenseEvents(db, id!);
    assert.is(events[1]?.type, 'expiry_changed');
    assert.equal(JSON.parse(events[1]!.data!), { old: FUTURE, new: PAST, days: 3 });
    assert.is(await changeLicenseExpiry(db, 999, () => PAST, NOW, {}), undefined);
  }));

test('changeLicenseExpiry: a throwing compute changes nothing and records nothing', () =>
  withMigratedDatabase(async (db) => {
    const [id] = await importLicenses(db, [row('a', 'a@x.io')], NOW);
    try {
      await changeLicenseExpiry(
        db,
        id!,
        () => {
          throw new Error('out of range');
        },
        NOW,
        {},
      );
      assert.unreachable();
    } catch (error) {
      assert.is((error as Error).message, 'out of range');
    }
    assert.is((await findLicenseById(db, id!, NOW))?.expired_date, FUTURE);
    assert.is((await listLicenseEvents(db, id!)).length, 1);
  }));

test('deleteLicense: removes the row, keeps the audit trail with what was deleted', () =>
  withMigratedDatabase(async (db) => {
    const [id] = await importLicenses(db, [row('key-a', 'a@x.io')], NOW);
    assert.is((await deleteLicense(db, id!, NOW))?.license_key, 'key-a');
    assert.is(await findLicenseById(db, id!, NOW), undefined);
    assert.is(await findLicenseByKey(db, 'key-a', hashLicenseKey('key-a'), NOW), undefined);
    const events = await listLicenseEvents(db, id!);
    assert.equal(
      events.map((event) => event.type),
      ['issued', 'deleted'],
    );
    assert.equal(JSON.parse(events[1]!.data!), {
      license_key: 'key-a',
      email: 'a@x.io',
      app_type: 'loopbot',
      expired_date: FUTURE,
    });
    assert.is(await deleteLicense(db, id!, NOW), undefined);
  }));

test('importLicenses: ids in order across multi-row chunks, kept after a reopen', async () => {
  const dir = await makeDataDir();
  try {
    let db = await SqliteStore.open({ dir });
    await migrate(db.database);
    const rows = Array.from({ length: 450 }, (_, index) => row(`k${index}`, `u${index}@x.io`));
    const ids = await importLicenses(db, rows, NOW);
    assert.is(ids.length, 450);
    assert.is((await findLicenseById(db, ids[449]!, NOW))?.license_key, 'k449');
    await db.close();
    db = await SqliteStore.open({ dir });
    assert.is((await findLicenseById(db, ids[0]!, NOW))?.email, 'u0@x.io');
    assert.is((await licenseStats(db, NOW)).total_licenses, 450);
    await db.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
