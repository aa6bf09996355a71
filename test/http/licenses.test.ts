import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminSuite, assertError } from './admin-api-helpers';

const { clock, api, anonymous, assertBadBodies } = adminSuite(test, '2026-06-01T00:00:00.000Z');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CROCKFORD_KEY = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/;
const LICENSE_FIELDS = [
  'app_type',
  'app_version',
  'created_at',
  'device_activated_at',
  'device_id',
  'device_name',
  'email',
  'expired_date',
  'id',
  'last_seen_at',
  'license_key',
  'status',
  'updated_at',
];

type License = Record<string, unknown> & { id: number; license_key: string; expired_date: string; status: string };

async function create(body: Record<string, unknown>): Promise<License> {
  const answer = await api('POST', '/api/license/create', body);
  assert.is(answer.status, 200, answer.text);
  return answer.json.license as License;
}

test('create: a LoopBOT licence with a UUID v4 key, active, no device', async () => {
  const answer = await api('POST', '/api/license/create', {
    email: ' Budi@Example.com ',
    expired_date: '2026-12-31T10:00',
    app_type: 'loopbot',
  });
  assert.is(answer.status, 200);
  assert.equal(Object.keys(answer.json).sort(), ['license', 'message', 'success']);
  assert.is(answer.json.success, true);
  assert.is(answer.json.message, 'License created successfully!');
  const license = answer.json.license as License;
  assert.equal(Object.keys(license).sort(), LICENSE_FIELDS);
  assert.match(license.license_key, UUID_V4);
  assert.equal(
    { ...license, id: 0, license_key: '' },
    {
      id: 0,
      license_key: '',
      email: 'Budi@Example.com',
      app_type: 'loopbot',
      status: 'active',
      expired_date: '2026-12-31T10:00:00.000Z',
      device_name: null,
      device_id: null,
      device_activated_at: null,
      last_seen_at: null,
      app_version: null,
      created_at: '2026-06-01T00:00:00.000Z',
      updated_at: '2026-06-01T00:00:00.000Z',
    },
  );
});

test('create: LoopStream keys are 4 groups of 5 Crockford characters; app_type defaults to loopbot', async () => {
  const stream = await create({
    email: 'siti@example.com',
    expired_date: '2026-12-31T10:00:00+07:00',
    app_type: 'loopstream',
  });
  assert.match(stream.license_key, CROCKFORD_KEY);
  assert.is(stream.app_type, 'loopstream');
  assert.is(stream.expired_date, '2026-12-31T03:00:00.000Z');
  const bot = await create({ email: 'agus@example.com', expired_date: '2027-01-31' });
  assert.is(bot.app_type, 'loopbot');
  assert.match(bot.license_key, UUID_V4);
  const keys = new Set<string>();
  for (let index = 0; index < 5; index++)
    keys.add(
      (await create({ email: 'x@example.com', expired_date: '2027-01-31', app_type: 'loopstream' })).license_key,
    );
  assert.is(keys.size, 5);
});

test('create: bad input answers 400 with a clear error and creates nothing', async () => {
  const before = (await api('GET', '/api/license/list')).json.licenses as unknown[];
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ expired_date: '2026-12-31T10:00' }, 'email is required'],
    [{ email: '', expired_date: '2026-12-31T10:00' }, 'email is required'],
    [{ email: 42, expired_date: '2026-12-31T10:00' }, 'email must be a string'],
    [{ email: 'not-an-email', expired_date: '2026-12-31T10:00' }, 'email must be a valid e-mail address'],
    [{ email: 'a b@example.com', expired_date: '2026-12-31T10:00' }, 'email must be a valid e-mail address'],
    [
      { email: `${'a'.repeat(250)}@example.com`, expired_date: '2026-12-31T10:00' },
      'email is too long (max 254 characters)',
    ],
    [{ email: 'a@example.com' }, 'expired_date is required'],
    [
      { email: 'a@example.com', expired_date: 'next year' },
      'expired_date must be a valid date-time, e.g. 2026-12-31T10:00',
    ],
    [
      { email: 'a@example.com', expired_date: '2026-02-30' },
      'expired_date must be a valid date-time, e.g. 2026-12-31T10:00',
    ],
    [{ email: 'a@example.com', expired_date: 1767175200000 }, 'expired_date must be a date-time string'],
    [
      { email: 'a@example.com', expired_date: '2026-12-31', app_type: 'loopx' },
      'app_type must be loopbot or loopstream',
    ],
    [{ email: 'a@example.com', expired_date: '2026-12-31', app_type: ['loopbot'] }, 'app_type must be a string'],
  ];
  for (const [body, error] of cases)
    assertError(await api('POST', '/api/license/create', body), 400, error, JSON.stringify(body));
  assertError(await api('POST', '/api/license/create'), 400, 'email is required');
  await assertBadBodies('POST', '/api/license/create');
  assert.is(((await api('GET', '/api/license/list')).json.licenses as unknown[]).length, before.length);
});

test('list: no parameters gives the whole list, newest first, with derived status', async () => {
  clock.now = new Date('2026-06-01T00:00:01.000Z');
  const past = await create({ email: 'past@example.com', expired_date: '2026-05-01T00:00' });
  clock.now = new Date('2026-06-01T00:00:02.000Z');
  const answer = await api('GET', '/api/license/list');
  assert.equal(Object.keys(answer.json).sort(), ['licenses', 'success']);
  const licenses = answer.json.licenses as License[];
  assert.is(licenses[0]!.id, past.id);
  assert.is(licenses[0]!.status, 'expired');
  assert.equal(Object.keys(licenses[0]!).sort(), LICENSE_FIELDS);
  const created = licenses.map((license) => String(license.created_at));
  assert.equal(created, [...created].sort().reverse());
});

test('list: search, page and per_page add total and pages; paging is clamped', async () => {
  for (let index = 0; index < 12; index++)
    await create({ email: `page${String(index).padStart(2, '0')}@shop.example`, expired_date: '2027-01-01' });
  const first = await api('GET', '/api/license/list?search=PAGE&page=1&per_page=5');
  assert.equal(Object.keys(first.json).sort(), ['licenses', 'page', 'pages', 'per_page', 'success', 'total']);
  assert.equal([first.json.total, first.json.pages, first.json.page, first.json.per_page], [12, 3, 1, 5]);
  assert.equal(
    (first.json.licenses as License[]).map((license) => license.email),
    ['page11@shop.example', 'page10@shop.example', 'page09@shop.example', 'page08@shop.example', 'page07@shop.example'],
  );
  const last = await api('GET', '/api/license/list?search=page&page=3&per_page=5');
  assert.equal(
    (last.json.licenses as License[]).map((license) => license.email),
    ['page01@shop.example', 'page00@shop.example'],
  );
  const clamped = await api('GET', '/api/license/list?search=page&page=abc&per_page=1000');
  assert.equal([clamped.json.page, clamped.json.per_page, (clamped.json.licenses as unknown[]).length], [1, 100, 12]);
  const beyond = await api('GET', '/api/license/list?search=page&page=99&per_page=-5');
  assert.equal(
    [beyond.json.page, beyond.json.per_page, beyond.json.total, beyond.json.pages, beyond.json.licenses],
    [99, 1, 12, 12, []],
  );
  const byKey = (first.json.licenses as License[])[0]!;
  const keySearch = await api('GET', `/api/license/list?search=${byKey.license_key.slice(0, 8).toUpperCase()}`);
  assert.ok((keySearch.json.licenses as License[]).some((license) => license.id === byKey.id));
  const none = await api('GET', '/api/license/list?search=%25');
  assert.equal([none.json.total, none.json.pages, none.json.licenses], [0, 1, []]);
  const everything = await api('GET', '/api/license/list?search=&page=1&per_page=100');
  assert.is(everything.json.total, ((await api('GET', '/api/license/list')).json.licenses as unknown[]).length);
});

test('extend: from the current expiry; an expired licence counts from now; events record old and new', async () => {
  clock.now = new Date('2026-06-01T00:00:00.000Z');
  const license = await create({ email: 'extend@example.com', expired_date: '2026-07-01T10:00' });
  const answer = await api('POST', `/api/license/extend/${license.id}`, { days: 30 });
  assert.is(answer.status, 200);
  assert.equal(Object.keys(answer.json).sort(), ['license', 'message', 'success']);
  assert.is(answer.json.message, 'License extended by 30 days. New expiry: 31 July 2026 17:00 WIB');
  assert.is((answer.json.license as License).expired_date, '2026-07-31T10:00:00.000Z');
  const one = await api('POST', `/api/license/extend/${license.id}`, { days: '1' });
  assert.is(one.json.message, 'License extended by 1 day. New expiry: 1 August 2026 17:00 WIB');

  const expired = await create({ email: 'late@example.com', expired_date: '2026-05-01T00:00' });
  const revived = await api('POST', `/api/license/extend/${expired.id}`, { days: 10 });
  assert.is(
    revived.json.message,
    'License extended by 10 days from now (it had expired). New expiry: 11 June 2026 07:00 WIB',
  );
  assert.is((revived.json.license as License).status, 'active');

  const events = await api('GET', `/api/license/events/${license.id}`);
  assert.equal(Object.keys(events.json).sort(), ['events', 'success']);
  const list = events.json.events as Array<Record<string, unknown>>;
  assert.equal(
    list.map((event) => event.type),
    ['issued', 'expiry_changed', 'expiry_changed'],
  );
  assert.equal(Object.keys(list[1]!).sort(), ['actor', 'at', 'data', 'device_id', 'id', 'license_id', 'type']);
  assert.equal(list[1]!.data, {
    old: '2026-07-01T10:00:00.000Z',
    new: '2026-07-31T10:00:00.000Z',
    change: 'extend',
    days: 30,
  });
  assert.is(list[1]!.actor, 'admin');
});

test('shorten: may move the expiry into the past, the licence then shows as expired', async () => {
  const license = await create({ email: 'shorten@example.com', expired_date: '2026-06-20T08:30' });
  const answer = await api('POST', `/api/license/shorten/${license.id}`, { days: 5 });
  assert.is(answer.json.message, 'License shortened by 5 days. New expiry: 15 June 2026 15:30 WIB');
  assert.is((answer.json.license as License).status, 'active');
  const past = await api('POST', `/api/license/shorten/${license.id}`, { days: 30 });
  assert.is(
    past.json.message,
    'License shortened by 30 days. New expiry: 16 May 2026 15:30 WIB (the license is now expired)',
  );
  assert.is((past.json.license as License).status, 'expired');
});

test('extend and shorten: invalid days, unknown or non-numeric ids, bad bodies', async () => {
  const license = await create({ email: 'days@example.com', expired_date: '2026-12-31' });
  for (const action of ['extend', 'shorten']) {
    const path = `/api/license/${action}/${license.id}`;
    for (const days of [0, -1, 1.5, 36_501, 1e12, 'abc', '1.5', '', null, true, [30], { n: 1 }]) {
      assertError(
        await api('POST', path, { days }),
        400,
        'Please enter a valid number of days',
        `${action} ${JSON.stringify(days)}`,
      );
    }
    assertError(await api('POST', path, {}), 400, 'Please enter a valid number of days');
    assertError(await api('POST', `/api/license/${action}/999999`, { days: 1 }), 404, 'License not found');
    for (const id of ['abc', '0', '-1', '1.5', '1e3'])
      assertError(await api('POST', `/api/license/${action}/${id}`, { days: 1 }), 404, 'Not found', id);
    await assertBadBodies('POST', path);
  }
  assert.is(((await api('GET', `/api/license/events/${license.id}`)).json.events as unknown[]).length, 1);
  assertError(
    await api('POST', '/api/license/extend/1', { days: 36_500 * 100 }),
    400,
    'Please enter a valid number of days',
  );
});

test('extend: an expiry beyond year 9999 is refused, nothing changes', async () => {
  const license = await create({ email: 'far@example.com', expired_date: '9950-01-01' });
  assertError(
    await api('POST', `/api/license/extend/${license.id}`, { days: 36_500 }),
    400,
    'The new expiry would be outside the years 2000-9999',
  );
  const events = (await api('GET', `/api/license/events/${license.id}`)).json.events as unknown[];
  assert.is(events.length, 1);
});

test('download: the licence message as a text attachment named {license_key}.txt', async () => {
  const license = await create({ email: 'dl@example.com', expired_date: '2026-12-31T10:00', app_type: 'loopbot' });
  const answer = await api('GET', `/api/license/download/${license.license_key}`);
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.is(
    answer.headers.get('content-disposition'),
    `attachment; filename="${license.license_key}.txt"; filename*=UTF-8''${license.license_key}.txt`,
  );
  assert.is(answer.headers.get('cache-control'), 'no-store');
  // No template configured: the default Indonesian message.
  assert.ok(answer.text.includes(`Kunci lisensi: ${license.license_key}`), answer.text);
  assert.ok(answer.text.includes('Berlaku sampai: 31 Desember 2026'));
  assert.ok(
    answer.text.includes('Unduh LoopBOT: http://localhost:3000/tutorial#instal\n'),
    "the shop's own page while no link is set",
  );

  await api('POST', '/api/config/set', {
    config_key: 'loopbot_template',
    config_value: 'KEY={license_key} EXP={expired_date} DL={download_url} TUT={tutorial_url} {other}',
  });
  await api('POST', '/api/config/set', {
    config_key: 'loopbot_download_url',
    config_value: 'https://dl.example/loopbot.zip',
  });
  const custom = await api('GET', `/api/license/download/${license.license_key.toUpperCase()}`);
  assert.is(
    custom.text,
    `KEY=${license.license_key} EXP=31 Desember 2026 DL=https://dl.example/loopbot.zip TUT=http://localhost:3000/tutorial {other}\n\nCek lisensi Anda: http://localhost:3000/lisensi\n`,
  );

  const stream = await create({ email: 'dl2@example.com', expired_date: '2027-01-15', app_type: 'loopstream' });
  const streamText = (await api('GET', `/api/license/download/${stream.license_key.toLowerCase()}`)).text;
  assert.ok(streamText.startsWith('Terima kasih telah berlangganan LoopStream!'), streamText);
  assert.ok(streamText.includes('Berlaku sampai: 15 Januari 2027'));
});

test('download: unknown keys are 404', async () => {
  for (const key of ['00000000-0000-4000-8000-000000000000', 'NOPE', '%20', '..%2F..%2Fetc']) {
    assertError(await api('GET', `/api/license/download/${key}`), 404, 'License not found', key);
  }
});

test('delete: removes the licence, records deleted, then 404', async () => {
  const license = await create({ email: 'gone@example.com', expired_date: '2027-01-01' });
  const answer = await api('DELETE', `/api/license/delete/${license.id}`);
  assert.is(answer.status, 200);
  assert.equal(answer.json, { success: true, message: 'License deleted successfully!' });
  assertError(await api('DELETE', `/api/license/delete/${license.id}`), 404, 'License not found');
  assertError(await api('GET', `/api/license/download/${license.license_key}`), 404, 'License not found');
  const listed = (await api('GET', '/api/license/list')).json.licenses as License[];
  assert.not.ok(listed.some((row) => row.id === license.id));
  const events = (await api('GET', `/api/license/events/${license.id}`)).json.events as Array<Record<string, unknown>>;
  assert.equal(
    events.map((event) => event.type),
    ['issued', 'deleted'],
  );
  assert.equal(events[1]!.data, {
    license_key: license.license_key,
    email: 'gone@example.com',
    app_type: 'loopbot',
    expired_date: '2027-01-01T00:00:00.000Z',
  });
  assertError(await api('DELETE', '/api/license/delete/abc'), 404, 'Not found');
});

test('events: unknown or non-numeric ids are 404', async () => {
  assertError(await api('GET', '/api/license/events/987654'), 404, 'License not found');
  assertError(await api('GET', '/api/license/events/x1'), 404, 'Not found');
});

test('every licence call needs the session', async () => {
  const calls: Array<[string, string]> = [
    ['GET', '/api/license/list'],
    ['POST', '/api/license/create'],
    ['GET', '/api/license/download/ABC'],
    ['POST', '/api/license/extend/1'],
    ['POST', '/api/license/shorten/1'],
    ['DELETE', '/api/license/delete/1'],
    ['GET', '/api/license/events/1'],
  ];
  for (const [method, path] of calls) {
    assertError(await anonymous(method, path, method === 'GET' ? undefined : { days: 1 }), 401, 'Unauthorized', path);
  }
});

test.run();
