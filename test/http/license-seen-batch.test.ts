/**
 * recordSeen writes a whole batch of validations' last-seen times in one statement, on both
 * engines: each licence gets its own time, version and address, and a licence no longer bound to
 * the device that validated is left alone. The day's sightings go in the same transaction, one
 * upsert per power-of-two slice, adding to the counts already there.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bindDevice } from '../../data/licenses/devices';
import { recordSeen, sightingsOf } from '../../data/licenses/sightings';
import type { SeenUpdate, Sighting } from '../../data/licenses/sightings';
import type { Sql, Store } from '../../data/store';
import { startServer } from '../harness';
import { deviceId, seedLicense } from './license-app-helpers';

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const iso = (offsetMs: number): string => new Date(T0 + offsetMs).toISOString();

/** The store, counting the statements run through it or through its transactions. */
function counted(db: Store): { store: Store; statements: string[] } {
  const statements: string[] = [];
  const wrap = (sql: Sql): Sql => ({
    get: (text, params) => (statements.push(text), sql.get(text, params)),
    all: (text, params) => (statements.push(text), sql.all(text, params)),
    run: (text, params) => (statements.push(text), sql.run(text, params)),
  });
  const store = new Proxy(db, {
    get(target, name) {
      if (name === 'transaction')
        return (work: (tx: Sql) => Promise<unknown>, options: unknown) =>
          target.transaction((tx) => work(wrap(tx)), options as never);
      if (name === 'get' || name === 'all' || name === 'run') return wrap(target)[name];
      const value = Reflect.get(target, name) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store, statements };
}

type Row = {
  id: number;
  last_seen_at: string | null;
  app_version: string | null;
  device_id: string | null;
  last_seen_ip: string | null;
};
const ipOf = (index: number): string => `198.51.100.${index % 250}`;

for (const size of [1, 37, 250]) {
  test(`recordSeen: a batch of ${size} licences is one statement and updates each licence as its own`, async () => {
    const server = await startServer();
    try {
      const db = server.app.ctx.db;
      const ids: number[] = [];
      for (let index = 0; index < size; index++) {
        const { id } = await seedLicense(server);
        await bindDevice(db, {
          licenseId: id,
          deviceId: deviceId(`seen${index}`),
          deviceName: 'PC',
          appVersion: '1.0',
          at: iso(0),
          maxMoves: 3,
          windowStart: iso(-1),
        });
        ids.push(id);
      }
      // Every third keeps its version (none sent); the fifth validated from a device it is no longer bound to.
      const updates: SeenUpdate[] = ids.map((id, index) => ({
        licenseId: id,
        deviceId: index === 4 ? deviceId('elsewhere') : deviceId(`seen${index}`),
        at: iso(1000 + index),
        appVersion: index % 3 === 2 ? null : `2.${index}`,
        ip: ipOf(index),
      }));
      const { store, statements } = counted(db);
      await recordSeen(store, updates);
      assert.is(statements.length, 1, `statements: ${statements.length}`);
      const sightings: Sighting[] = ids.map((id, index) => ({
        licenseId: id,
        day: '2026-03-01',
        ip: ipOf(index),
        deviceId: deviceId(`seen${index}`),
        validations: 2,
        refusals: index % 2,
        lastAt: iso(1000 + index),
      }));
      await recordSeen(store, [], sightings);
      await recordSeen(store, [], sightings);
      const slices = size.toString(2).replace(/0/g, '').length;
      assert.is(statements.length, 1 + 2 * slices, `statements: ${statements.length}`);
      const counts = await Promise.all(ids.map((id) => sightingsOf(db, id)));
      assert.equal(
        counts.map((rows) => rows.map((row) => [row.ip, row.validations, row.refusals])),
        ids.map((_, index) => [[ipOf(index), 4, 2 * (index % 2)]]),
        'the second flush adds to the first',
      );

      const rows = await db.all<Row>(
        `SELECT id, last_seen_at, app_version, device_id, last_seen_ip FROM licenses WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
        ids,
      );
      assert.is(rows.length, size);
      for (const [index, row] of rows.entries()) {
        assert.is(row.id, ids[index]);
        const expected = index === 4 ? [iso(0), '1.0'] : [iso(1000 + index), index % 3 === 2 ? '1.0' : `2.${index}`];
        assert.equal([row.last_seen_at, row.app_version], expected, `licence ${index}`);
        assert.is(row.last_seen_ip, index === 4 ? null : ipOf(index));
        assert.is(row.device_id, deviceId(`seen${index}`));
      }
    } finally {
      await server.close();
    }
  });
}

test.run();
