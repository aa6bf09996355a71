import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withMigratedDatabase } from '../../test/harness';
import { findLicensePage } from './page';
import { createLicense, deleteLicense, importLicenses, listLicenses } from './licenses';
import type { NewLicense } from './licenses';
import { hashLicenseKey } from '../../api/licenses/license-keys';

const NOW = '2026-06-01T00:00:00.000Z';
const FUTURE = '2026-12-31T10:00:00.000Z';

function row(
  key: string,
  email: string,
  expired_date = FUTURE,
  app_type: NewLicense['app_type'] = 'loopbot',
): NewLicense {
  return { license_key: key, key_sha256: hashLicenseKey(key), email, app_type, expired_date };
}

test('findLicensePage: newest first, paging, total and pages', () =>
  withMigratedDatabase(async (db) => {
    const rows = Array.from({ length: 25 }, (_, index) => row(`key-${index}`, `user${index}@x.io`));
    const ids = await importLicenses(db, rows, NOW);
    const first = await findLicensePage(db, { search: '', page: 1, perPage: 10, now: NOW });
    assert.is(first.total, 25);
    assert.is(first.pages, 3);
    // Same created_at: the higher id is newer.
    assert.equal(
      first.licenses.map((license) => license.id),
      [...ids].reverse().slice(0, 10),
    );
    const last = await findLicensePage(db, { search: '', page: 3, perPage: 10, now: NOW });
    assert.equal(
      last.licenses.map((license) => license.id),
      [...ids].reverse().slice(20),
    );
    const beyond = await findLicensePage(db, { search: '', page: 4, perPage: 10, now: NOW });
    assert.equal(beyond, { licenses: [], total: 25, pages: 3 });
    assert.equal(await findLicensePage(db, { search: 'nobody', page: 1, perPage: 10, now: NOW }), {
      licenses: [],
      total: 0,
      pages: 1,
    });
  }));

test('findLicensePage: search is a case-insensitive "contains" on e-mail or key; wildcards are literal', () =>
  withMigratedDatabase(async (db) => {
    await importLicenses(
      db,
      [
        row('f3b0c442-98fc-4c14-9a1e-4b8f1b2c3d4e', 'Budi@Example.com'),
        row('7KQ2M-X9D4R-AB3CD-EF4GH', 'siti@example.com', FUTURE, 'loopstream'),
        row('0a1b2c3d-0000-4000-8000-000000000000', 'b_x%y@example.com'),
      ],
      NOW,
    );
    const emails = async (search: string): Promise<string[]> =>
      (await findLicensePage(db, { search, page: 1, perPage: 10, now: NOW })).licenses
        .map((license) => license.email)
        .sort();
    assert.equal(await emails('budi'), ['Budi@Example.com']);
    assert.equal(await emails('BUDI@EXAMPLE.COM'), ['Budi@Example.com']);
    assert.equal(await emails('F3B0C4'), ['Budi@Example.com']);
    assert.equal(await emails('7kq2m-x9'), ['siti@example.com']);
    assert.equal(await emails('7KQ2M-X9D4R-AB3CD-EF4GH'), ['siti@example.com']);
    assert.equal(await emails('udi@'), ['Budi@Example.com']);
    assert.equal(await emails('X9D4r'), ['siti@example.com']);
    assert.equal(await emails('EXAMPLE.com'), ['Budi@Example.com', 'b_x%y@example.com', 'siti@example.com']);
    assert.equal(await emails('b_x%'), ['b_x%y@example.com']);
    assert.equal(await emails('%'), ['b_x%y@example.com']);
    assert.equal(await emails('_'), ['b_x%y@example.com']);
    assert.equal(await emails('b%'), []);
    assert.equal(await emails('*'), []);
    assert.equal(await emails('[a-z]'), []);
  }));

test('findLicensePage: total counts a row matching both e-mail and key once; digit-only search', () =>
  withMigratedDatabase(async (db) => {
    await importLicenses(
      db,
      [row('abc-1', 'abc@x.io'), row('abd-2', 'zed@x.io'), row('ABE-3', 'q@x.io'), row('123-4', '123@x.io')],
      NOW,
    );
    const page = (search: string) => findLicensePage(db, { search, page: 1, perPage: 10, now: NOW });
    assert.is((await page('ab')).total, 3);
    assert.is((await page('ab')).licenses.length, 3);
    assert.is((await page('abc')).total, 1);
    assert.is((await page('12')).total, 1);
  }));

test('findLicensePage agrees with a plain filter-sort-slice (narrow, broad, from either end)', () =>
  withMigratedDatabase(async (db) => {
    const letters = 'abcdefghij';
    const rows = Array.from({ length: 2600 }, (_, index) => ({
      ...row(`${(index * 7919) % 2600}-key`, `${letters[index % 10]}${letters[(index * 3) % 10]}${index}@x.io`),
      created_at: new Date(Date.UTC(2025, 0, 1) + ((index * 104729) % 5000) * 60_000).toISOString(),
    }));
    await importLicenses(db, rows, NOW);
    const everything = await listLicenses(db, NOW);
    for (const search of ['', 'a', 'ab', 'abc1', '1', '25', 'zz']) {
      const expected = everything.filter(
        (license) => license.email.toLowerCase().includes(search) || license.license_key.toLowerCase().includes(search),
      );
      for (const perPage of [100, 7]) {
        const pages = Math.max(1, Math.ceil(expected.length / perPage));
        for (const number of new Set([1, 2, Math.ceil(pages / 2), pages - 1, pages, pages + 1].filter((n) => n >= 1))) {
          const result = await findLicensePage(db, { search, page: number, perPage, now: NOW });
          const slice = expected.slice((number - 1) * perPage, number * perPage).map((license) => license.id);
          assert.equal(
            result.licenses.map((license) => license.id),
            slice,
            `search ${search} page ${number}/${pages} per ${perPage}`,
          );
          assert.is(result.total, expected.length);
          assert.is(result.pages, pages);
        }
      }
    }
  }));

test('findLicensePage: the search index follows creates, deletes and imports after its first use', () =>
  withMigratedDatabase(async (db) => {
    await importLicenses(db, [row('key-old', 'old@gmail.com')], NOW);
    const found = async (search: string): Promise<string[]> =>
      (await findLicensePage(db, { search, page: 1, perPage: 10, now: NOW })).licenses.map((license) => license.email);
    assert.equal(await found('gmail'), ['old@gmail.com']);
    const created = await createLicense(db, () => row('key-new', 'new@gmail.com'), NOW);
    assert.equal(await found('gmail'), ['new@gmail.com', 'old@gmail.com']);
    await deleteLicense(db, created!.id, NOW);
    assert.equal(await found('gmail'), ['old@gmail.com']);
    await importLicenses(db, [row('key-bulk', 'bulk@gmail.com')], NOW);
    assert.equal(await found('gmail'), ['bulk@gmail.com', 'old@gmail.com']);
  }));

test.run();
