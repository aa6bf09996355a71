import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminSuite, assertError } from './admin-api-helpers';

const { clock, api, anonymous, assertBadBodies } = adminSuite(test, '2026-06-01T00:00:00.000Z');
type Loopstream = {
  id: number;
  package_type: string;
  customer_name: string;
  ip_server: string;
  expired_date: string;
  created_at: string;
  buyer_email: string | null;
};

const VALID = {
  package_type: 'Paket 1',
  customer_name: 'Budi Santoso',
  ip_server: '203.0.113.7',
  expired_date: '2026-12-31T10:00:00+07:00',
};

async function create(body: Record<string, unknown>): Promise<Loopstream> {
  const answer = await api('POST', '/api/loopstream/create', body);
  assert.is(answer.status, 200, answer.text);
  return answer.json.loopstream as Loopstream;
}

const names = async (query: string): Promise<string[]> =>
  ((await api('GET', `/api/loopstream/list${query}`)).json.loopstreams as Loopstream[]).map((row) => row.customer_name);

test('list?search=: customer name or server address, any case, newest first; blank is everything', async () => {
  await create({ ...VALID, customer_name: 'Siti Rahma', ip_server: 'stream.contoh.id' });
  clock.now = new Date('2026-06-01T00:00:01.000Z');
  await create({ ...VALID, customer_name: 'Agus 100%_Jaya', ip_server: '198.51.100.20:7000' });
  assert.equal(await names('?search=SITI'), ['Siti Rahma']);
  assert.equal(await names('?search=contoh.ID'), ['Siti Rahma']);
  assert.equal(await names('?search=100%25_'), ['Agus 100%_Jaya']);
  assert.equal(await names('?search=%25'), ['Agus 100%_Jaya'], '% is matched literally');
  assert.equal(await names('?search=_'), ['Agus 100%_Jaya'], '_ is matched literally');
  assert.equal(await names('?search=:7000'), ['Agus 100%_Jaya']);
  assert.equal(await names('?search=nobody'), []);
  assert.equal(await names('?search=%20%20'), ['Agus 100%_Jaya', 'Siti Rahma']);
  assert.equal(await names(''), ['Agus 100%_Jaya', 'Siti Rahma']);
});

test('update: every create field replaced, normalised like create; the message says so', async () => {
  const row = await create(VALID);
  const answer = await api('PUT', `/api/loopstream/update/${row.id}`, {
    package_type: 'Paket 2',
    customer_name: 'Budi S. (renewed)',
    ip_server: 'Stream.Contoh.ID:8080',
    expired_date: '2027-02-14T19:00:00+07:00',
  });
  assert.is(answer.status, 200, answer.text);
  assert.equal(Object.keys(answer.json).sort(), ['loopstream', 'message', 'success']);
  assert.is(answer.json.message, 'Loopstream updated successfully!');
  assert.equal(answer.json.loopstream, {
    id: row.id,
    package_type: 'Paket 2',
    customer_name: 'Budi S. (renewed)',
    ip_server: 'stream.contoh.id:8080',
    expired_date: '2027-02-14T12:00:00.000Z',
    created_at: row.created_at,
    buyer_email: null,
    order_id: null,
  });
  const defaulted = await api('PUT', `/api/loopstream/update/${row.id}`, { ...VALID, package_type: undefined });
  assert.is((defaulted.json.loopstream as Loopstream).package_type, 'Paket 1');
});

test('update: the create rules, unknown ids, bad bodies; nothing changes on a refusal', async () => {
  const row = await create(VALID);
  const path = `/api/loopstream/update/${row.id}`;
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ...VALID, customer_name: '  ' }, 'customer_name is required'],
    [{ ...VALID, customer_name: 'a\nb' }, 'customer_name must be a single line of text'],
    [
      { ...VALID, ip_server: 'http://stream.contoh.id/' },
      'ip_server must be an IPv4 or IPv6 address or a host name, optionally with :port (no http://, no path)',
    ],
    [
      { ...VALID, package_type: 'Paket 9' },
      'package_type must be one of: Set 1, Set 2, Set 3, Combo LoopBOT + LoopStream, Paket 1, Paket 2',
    ],
    [{ ...VALID, expired_date: undefined }, 'expired_date is required'],
    [{ ...VALID, expired_date: '2026-02-30' }, 'expired_date must be a valid date-time, e.g. 2026-12-31T10:00'],
  ];
  for (const [body, error] of cases) assertError(await api('PUT', path, body), 400, error, JSON.stringify(body));
  await assertBadBodies('PUT', path);
  assertError(await api('PUT', '/api/loopstream/update/424242', VALID), 404, 'Loopstream not found');
  assertError(await api('PUT', '/api/loopstream/update/abc', VALID), 404, 'Not found');
  const listed = (await api('GET', '/api/loopstream/list')).json.loopstreams as Loopstream[];
  assert.equal(
    listed.find((item) => item.id === row.id),
    row,
  );
});

test('extend: from the current expiry, or from now when it had passed; the message names the new expiry in WIB', async () => {
  clock.now = new Date('2026-06-01T00:00:00.000Z');
  const row = await create({ ...VALID, expired_date: '2026-07-01T10:00:00Z' });
  const answer = await api('POST', `/api/loopstream/extend/${row.id}`, { days: 30 });
  assert.is(answer.status, 200, answer.text);
  assert.equal(Object.keys(answer.json).sort(), ['loopstream', 'message', 'success']);
  assert.is(answer.json.message, 'Loopstream extended by 30 days. New expiry: 31 July 2026 17:00 WIB');
  assert.is((answer.json.loopstream as Loopstream).expired_date, '2026-07-31T10:00:00.000Z');
  const one = await api('POST', `/api/loopstream/extend/${row.id}`, { days: '1' });
  assert.is(one.json.message, 'Loopstream extended by 1 day. New expiry: 1 August 2026 17:00 WIB');

  const lapsed = await create({ ...VALID, expired_date: '2026-05-01T00:00:00Z' });
  const revived = await api('POST', `/api/loopstream/extend/${lapsed.id}`, { days: 10 });
  assert.is(
    revived.json.message,
    'Loopstream extended by 10 days from now (it had expired). New expiry: 11 June 2026 07:00 WIB',
  );
  assert.is((revived.json.loopstream as Loopstream).expired_date, '2026-06-11T00:00:00.000Z');
});

test('extend: invalid days, unknown ids, bad bodies', async () => {
  const row = await create(VALID);
  const path = `/api/loopstream/extend/${row.id}`;
  for (const days of [0, -1, 1.5, 36_501, 'abc', '', null, [30]]) {
    assertError(await api('POST', path, { days }), 400, 'Please enter a valid number of days', JSON.stringify(days));
  }
  assertError(await api('POST', path, {}), 400, 'Please enter a valid number of days');
  assertError(await api('POST', '/api/loopstream/extend/424242', { days: 1 }), 404, 'Loopstream not found');
  assertError(await api('POST', '/api/loopstream/extend/0', { days: 1 }), 404, 'Not found');
  await assertBadBodies('POST', path);
  const far = await create({ ...VALID, expired_date: '9950-01-01' });
  assertError(
    await api('POST', `/api/loopstream/extend/${far.id}`, { days: 36_500 }),
    400,
    'The new expiry would be outside the years 2000-9999',
  );
});

test('the access file gives the expiry in WIB, with the time when the day is mostly gone', async () => {
  await api('POST', '/api/config/initialize');
  const evening = await create({ ...VALID, expired_date: '2027-01-21T23:59:00+07:00' });
  const morning = await create({ ...VALID, expired_date: '2027-01-20T23:59:00Z' });
  const text = async (row: Loopstream): Promise<string> =>
    (await api('GET', `/api/loopstream/download/${row.id}`)).text;
  assert.ok((await text(evening)).includes('Berlaku sampai: 21 Januari 2027\n'));
  assert.ok((await text(morning)).includes('Berlaku sampai: 21 Januari 2027 pukul 06:59 WIB\n'));
});

test('update and extend need the session', async () => {
  assertError(await anonymous('PUT', '/api/loopstream/update/1', VALID), 401, 'Unauthorized');
  assertError(await anonymous('POST', '/api/loopstream/extend/1', { days: 1 }), 401, 'Unauthorized');
  assertError(await anonymous('GET', '/api/loopstream/list?search=a'), 401, 'Unauthorized');
});

test.run();
