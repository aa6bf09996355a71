import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer } from '../harness';
import { isExpiryPassed } from '../../contract/rules/durations';
import { findLicenseById, importLicenses } from '../../data/licenses/licenses';
import { findLicensePage } from '../../data/licenses/page';
import { licenseStats } from '../../data/licenses/stats';
import { expiryAheadSql, expiryPassedSql } from '../../data/licenses/status';
import { hashLicenseKey } from '../../api/licenses/license-keys';

const NOW = '2099-06-01T00:00:00.000Z';
const EXPIRIES: Record<string, string> = {
  unreadable: 'not a date',
  empty: '',
  'a date not in the stored form': '2099-07-01',
  'exactly now': NOW,
  past: '2099-05-31T23:59:59.999Z',
  future: '2099-06-01T00:00:00.001Z',
};

test('an expiry has passed by the same rule in SQL and in TypeScript: unreadable, exactly now, past, future', async () => {
  const server = await startServer();
  const db = server.app.ctx.db;
  try {
    const names = Object.keys(EXPIRIES);
    const ids = await importLicenses(
      db,
      names.map((name, index) => {
        const key = `EXPIRY-SQL-${index}`;
        return {
          license_key: key,
          key_sha256: hashLicenseKey(key),
          email: `e${index}@x.io`,
          app_type: 'loopbot',
          expired_date: EXPIRIES[name]!,
        };
      }),
      '2099-01-01T00:00:00.000Z',
    );
    const page = async (status: 'active' | 'expired'): Promise<number[]> =>
      (await findLicensePage(db, { search: '', status, page: 1, perPage: 100, now: NOW })).licenses.map(
        (row) => row.id,
      );
    const expiredInSql = await page('expired');
    const activeInSql = await page('active');
    const sql = await db.all<{ id: number; passed: number; ahead: number }>(
      `SELECT id, CASE WHEN ${expiryPassedSql()} THEN 1 ELSE 0 END AS passed,
         CASE WHEN ${expiryAheadSql()} THEN 1 ELSE 0 END AS ahead FROM licenses`,
      [NOW, NOW],
    );
    let passedCount = 0;
    for (const [index, name] of names.entries()) {
      const id = ids[index]!;
      const passed = isExpiryPassed(EXPIRIES[name]!, new Date(NOW));
      if (passed) passedCount++;
      const row = sql.find((found) => found.id === id)!;
      assert.equal([Number(row.passed), Number(row.ahead)], [passed ? 1 : 0, passed ? 0 : 1], `${name}: SQL`);
      assert.is(
        (await findLicenseById(db, id, NOW))?.status,
        passed ? 'expired' : 'active',
        `${name}: the row's status`,
      );
      assert.is(expiredInSql.includes(id), passed, `${name}: the expired filter`);
      assert.is(activeInSql.includes(id), !passed, `${name}: the active filter`);
    }
    assert.is(passedCount, names.length - 1, 'all but the future one');
    const stats = await licenseStats(db, NOW);
    assert.equal([stats.expired_licenses, stats.active_licenses], [passedCount, names.length - passedCount]);
  } finally {
    await server.close({ remove: true });
  }
});

test.run();
