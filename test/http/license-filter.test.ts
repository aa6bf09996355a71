import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminSuite, assertError } from './admin-api-helpers';

const { clock, api } = adminSuite(test, '2026-06-01T00:00:00.000Z');
type License = { id: number; email: string; status: string; expired_date: string };
type Page = { licenses: License[]; total: number; pages: number; page: number; per_page: number };

async function create(email: string, expired_date: string): Promise<License> {
  const answer = await api('POST', '/api/license/create', { email, expired_date });
  assert.is(answer.status, 200, answer.text);
  return answer.json.license as License;
}

async function list(query: string): Promise<Page> {
  const answer = await api('GET', `/api/license/list?${query}`);
  assert.is(answer.status, 200, answer.text);
  return answer.json as unknown as Page;
}

const emails = (page: Page): string[] => page.licenses.map((license) => license.email);

test('status=active|expired|expiring: the shown status, expiring = active within 7 days', async () => {
  await create('far@shop.id', '2026-12-31T00:00:00Z');
  await create('week@shop.id', '2026-06-08T00:00:00Z');
  await create('soon@shop.id', '2026-06-02T00:00:00Z');
  await create('past@shop.id', '2026-05-01T00:00:00Z');
  await create('now@shop.id', '2026-06-01T00:00:00Z');
  await create('eight@other.id', '2026-06-08T01:00:00Z');
  await create('hour@other.id', '2026-06-01T01:00:00Z');

  assert.equal(emails(await list('status=active')), [
    'hour@other.id',
    'eight@other.id',
    'soon@shop.id',
    'week@shop.id',
    'far@shop.id',
  ]);
  assert.equal(emails(await list('status=expired')), ['now@shop.id', 'past@shop.id']);
  assert.equal(emails(await list('status=expiring')), ['hour@other.id', 'soon@shop.id', 'week@shop.id']);
  const expiring = await list('status=expiring');
  assert.equal([expiring.total, expiring.pages, expiring.page, expiring.per_page], [3, 1, 1, 100]);
  assert.ok(expiring.licenses.every((license) => license.status === 'active'));
  assert.ok((await list('status=expired')).licenses.every((license) => license.status === 'expired'));

  // With a search, and paged.
  assert.equal(emails(await list('status=active&search=SHOP.ID')), ['soon@shop.id', 'week@shop.id', 'far@shop.id']);
  assert.equal(emails(await list('status=expiring&search=OTHER')), ['hour@other.id']);
  assert.equal(emails(await list('status=expired&search=nobody')), []);
  const second = await list('status=active&page=2&per_page=3');
  assert.equal([emails(second), second.total, second.pages], [['week@shop.id', 'far@shop.id'], 5, 2]);

  // Time passing moves licences between the groups without any write.
  clock.now = new Date('2026-06-01T02:00:00.000Z');
  assert.equal(emails(await list('status=expired')), ['hour@other.id', 'now@shop.id', 'past@shop.id']);
  assert.equal(emails(await list('status=expiring')), ['eight@other.id', 'soon@shop.id', 'week@shop.id']);
});

test('status: empty is every licence; anything else is a 400 naming the choices', async () => {
  const all = await list('status=');
  assert.is(all.total, ((await api('GET', '/api/license/list')).json.licenses as unknown[]).length);
  for (const status of ['Active', 'other', 'all', ' active']) {
    assertError(
      await api('GET', `/api/license/list?status=${status}`),
      400,
      'status must be active, expired or expiring',
      status,
    );
  }
});

test('the licence file: the expiry day in WIB, with the time when most of that day is gone', async () => {
  clock.now = new Date('2026-06-01T00:00:00.000Z');
  const morning = await create('morning@shop.id', '2027-01-20T23:59:00Z');
  const evening = await create('evening@shop.id', '2027-01-21T20:00:00+07:00');
  const text = async (license: License): Promise<string> =>
    (await api('GET', `/api/license/download/${(license as License & { license_key: string }).license_key}`)).text;
  assert.ok((await text(morning)).includes('Berlaku sampai: 21 Januari 2027 pukul 06:59 WIB\n'));
  assert.ok((await text(evening)).includes('Berlaku sampai: 21 Januari 2027\n'));
});

test('extend and shorten messages name the new expiry in WIB, so the alert and the list agree', async () => {
  const license = await create('alert@shop.id', '2026-11-06T12:00:00Z');
  const extended = await api('POST', `/api/license/extend/${license.id}`, { days: 100 });
  assert.is(extended.json.message, 'License extended by 100 days. New expiry: 14 February 2027 19:00 WIB');
  const shortened = await api('POST', `/api/license/shorten/${license.id}`, { days: 100 });
  assert.is(shortened.json.message, 'License shortened by 100 days. New expiry: 6 November 2026 19:00 WIB');
});

test.run();
