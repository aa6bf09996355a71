import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withMigratedDatabase } from '../test/harness';
import {
  settingValues,
  findSettingById,
  insertMissingSettings,
  listSettings,
  setSetting,
  updateSetting,
} from './settings';

const T1 = '2026-06-01T00:00:00.000Z';
const T2 = '2026-06-02T00:00:00.000Z';

test('setSetting: creates, then replaces the value; description kept unless given', () =>
  withMigratedDatabase(async (db) => {
    const created = await setSetting(
      db,
      { config_key: 'a_url', config_value: 'https://one', description: 'first' },
      T1,
    );
    assert.equal(
      { ...created, id: 0 },
      { id: 0, config_key: 'a_url', config_value: 'https://one', description: 'first', created_at: T1, updated_at: T1 },
    );
    const replaced = await setSetting(
      db,
      { config_key: 'a_url', config_value: 'https://two', description: undefined },
      T2,
    );
    assert.equal(
      [replaced.id, replaced.config_value, replaced.description, replaced.created_at, replaced.updated_at],
      [created.id, 'https://two', 'first', T1, T2],
    );
    const described = await setSetting(db, { config_key: 'a_url', config_value: 'https://two', description: '' }, T2);
    assert.is(described.description, '');
    assert.is((await listSettings(db)).length, 1);
  }));

test('updateSetting: by id; unknown id is undefined', () =>
  withMigratedDatabase(async (db) => {
    const row = await setSetting(db, { config_key: 'k', config_value: 'v', description: 'd' }, T1);
    const updated = await updateSetting(db, row.id, { config_value: 'w', description: undefined }, T2);
    assert.equal(
      [updated?.config_key, updated?.config_value, updated?.description, updated?.updated_at],
      ['k', 'w', 'd', T2],
    );
    assert.is(await updateSetting(db, row.id + 1, { config_value: 'x', description: 'y' }, T2), undefined);
    assert.is((await findSettingById(db, row.id))?.config_value, 'w');
  }));

test('insertMissingSettings: only missing keys, never overwrites', () =>
  withMigratedDatabase(async (db) => {
    await setSetting(db, { config_key: 'b', config_value: 'mine', description: 'owner' }, T1);
    const created = await insertMissingSettings(
      db,
      [
        { config_key: 'a', config_value: '1', description: 'da' },
        { config_key: 'b', config_value: 'default', description: 'db' },
      ],
      T2,
    );
    assert.equal(created, ['a']);
    assert.equal(Object.fromEntries(await settingValues(db, ['a', 'b', 'c'])), { a: '1', b: 'mine' });
    assert.equal(await insertMissingSettings(db, [{ config_key: 'a', config_value: '2', description: '' }], T2), []);
    assert.equal([...(await settingValues(db, []))], []);
  }));

test('listSettings: ordered by key', () =>
  withMigratedDatabase(async (db) => {
    for (const key of ['zeta', 'alpha', 'mid'])
      await setSetting(db, { config_key: key, config_value: 'v', description: undefined }, T1);
    assert.equal(
      (await listSettings(db)).map((row) => row.config_key),
      ['alpha', 'mid', 'zeta'],
    );
  }));

test.run();
