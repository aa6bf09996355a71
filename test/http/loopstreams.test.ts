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
  order_id: number | null;
};

async function create(body: Record<string, unknown>): Promise<Loopstream> {
  const answer = await api('POST', '/api/loopstream/create', body);
  assert.is(answer.status, 200, answer.text);
  return answer.json.loopstream as Loopstream;
}

const VALID = {
  package_type: 'Paket 2',
  customer_name: 'Budi Santoso',
  ip_server: '203.0.113.7',
  expired_date: '2026-12-31T10:00',
};

test('create: port 5000 appended, answer fields exact', async () => {
  const answer = await api('POST', '/api/loopstream/create', VALID);
  assert.is(answer.status, 200);
  assert.equal(Object.keys(answer.json).sort(), ['loopstream', 'message', 'success']);
  assert.is(answer.json.message, 'Loopstream created successfully!');
  const row = answer.json.loopstream as Loopstream;
  assert.equal(
    { ...row, id: 0 },
    {
      id: 0,
      package_type: 'Paket 2',
      customer_name: 'Budi Santoso',
      ip_server: '203.0.113.7:5000',
      expired_date: '2026-12-31T10:00:00.000Z',
      created_at: '2026-06-01T00:00:00.000Z',
      buyer_email: null,
      order_id: null,
    },
  );
});

test('create: package defaults to Paket 1; host names, IPv6 and explicit ports', async () => {
  assert.is((await create({ ...VALID, package_type: undefined })).package_type, 'Paket 1');
  assert.is((await create({ ...VALID, package_type: '' })).package_type, 'Paket 1');
  assert.is(
    (await create({ ...VALID, package_type: ' set 3 ' })).package_type,
    'Set 3',
    'a catalogue plan, any case, as the catalogue names it',
  );
  assert.is((await create({ ...VALID, ip_server: 'Stream.Example.com' })).ip_server, 'stream.example.com:5000');
  assert.is((await create({ ...VALID, ip_server: '203.0.113.7:8000' })).ip_server, '203.0.113.7:8000');
  assert.is((await create({ ...VALID, ip_server: '2001:db8::7' })).ip_server, '[2001:db8::7]:5000');
});

test('create: bad input is a 400 with a clear error and nothing is stored', async () => {
  const before = ((await api('GET', '/api/loopstream/list')).json.loopstreams as unknown[]).length;
  const address =
    'ip_server must be an IPv4 or IPv6 address or a host name, optionally with :port (no http://, no path)';
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ...VALID, customer_name: undefined }, 'customer_name is required'],
    [{ ...VALID, customer_name: '   ' }, 'customer_name is required'],
    [{ ...VALID, customer_name: 7 }, 'customer_name must be a string'],
    [{ ...VALID, customer_name: 'Budi\nPassword: hacked' }, 'customer_name must be a single line of text'],
    [{ ...VALID, customer_name: 'x'.repeat(201) }, 'customer_name is too long (max 200 characters)'],
    [{ ...VALID, ip_server: undefined }, 'ip_server is required'],
    [{ ...VALID, ip_server: 'http://203.0.113.7' }, address],
    [{ ...VALID, ip_server: '203.0.113.7/panel' }, address],
    [{ ...VALID, ip_server: '999.1.1.1' }, address],
    [{ ...VALID, ip_server: 'my server' }, address],
    [{ ...VALID, ip_server: '203.0.113.7:70000' }, 'ip_server port must be a number from 1 to 65535'],
    [{ ...VALID, ip_server: ['203.0.113.7'] }, 'ip_server must be a string'],
    [
      { ...VALID, package_type: 'Paket 3' },
      'package_type must be one of: Set 1, Set 2, Set 3, Combo LoopBOT + LoopStream, Paket 1, Paket 2',
    ],
    [{ ...VALID, expired_date: undefined }, 'expired_date is required'],
    [{ ...VALID, expired_date: '2026-13-01' }, 'expired_date must be a valid date-time, e.g. 2026-12-31T10:00'],
    [{ ...VALID, expired_date: 5 }, 'expired_date must be a date-time string'],
  ];
  for (const [body, error] of cases)
    assertError(await api('POST', '/api/loopstream/create', body), 400, error, JSON.stringify(body));
  await assertBadBodies('POST', '/api/loopstream/create');
  assert.is(((await api('GET', '/api/loopstream/list')).json.loopstreams as unknown[]).length, before);
});

test('list: newest first, exact fields', async () => {
  clock.now = new Date('2026-06-01T00:00:05.000Z');
  const newest = await create({ ...VALID, customer_name: 'Newest' });
  const answer = await api('GET', '/api/loopstream/list');
  assert.equal(Object.keys(answer.json).sort(), ['loopstreams', 'success']);
  const rows = answer.json.loopstreams as Loopstream[];
  assert.is(rows[0]!.id, newest.id);
  assert.equal(Object.keys(rows[0]!).sort(), [
    'buyer_email',
    'created_at',
    'customer_name',
    'expired_date',
    'id',
    'ip_server',
    'order_id',
    'package_type',
  ]);
});

test('download: needs the default credentials from settings', async () => {
  const row = await create({ ...VALID, customer_name: 'José / Toko "Maju"' });
  assertError(
    await api('GET', `/api/loopstream/download/${row.id}`),
    409,
    'Default LoopStream credentials are not set: use "Initialize defaults" in Settings or set loopstream_default_username and loopstream_default_password',
  );
  await api('POST', '/api/config/set', { config_key: 'loopstream_default_username', config_value: 'owner' });
  await api('POST', '/api/config/set', { config_key: 'loopstream_default_password', config_value: 'Rahasia-123' });
  const answer = await api('GET', `/api/loopstream/download/${row.id}`);
  assert.is(answer.status, 200);
  assert.is(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
  assert.is(
    answer.headers.get('content-disposition'),
    `attachment; filename="Jose_Toko_Maju.txt"; filename*=UTF-8''Jose_Toko_Maju.txt`,
  );
  assert.is(
    answer.text,
    [
      'LoopStream - Akses Server',
      '',
      'Pelanggan: José / Toko "Maju"',
      'Paket: Paket 2',
      'Alamat server: http://203.0.113.7:5000',
      'Berlaku sampai: 31 Desember 2026',
      '',
      'Login default:',
      'Username: owner',
      'Password: Rahasia-123',
      '',
      'Segera ganti password setelah login pertama. Jangan bagikan data ini kepada orang lain.',
      '',
    ].join('\n'),
  );
});

test('download: initialize keeps credentials the owner set', async () => {
  await api('POST', '/api/config/initialize');
  const row = await create({ ...VALID, customer_name: 'After Init' });
  const text = (await api('GET', `/api/loopstream/download/${row.id}`)).text;
  assert.ok(text.includes('Username: owner\nPassword: Rahasia-123\n'), text);
});

test('download and delete: unknown or non-numeric ids are 404', async () => {
  assertError(await api('GET', '/api/loopstream/download/424242'), 404, 'Loopstream not found');
  assertError(await api('GET', '/api/loopstream/download/abc'), 404, 'Not found');
  assertError(await api('DELETE', '/api/loopstream/delete/424242'), 404, 'Loopstream not found');
  assertError(await api('DELETE', '/api/loopstream/delete/-3'), 404, 'Not found');
});

test('delete: removes the record', async () => {
  const row = await create(VALID);
  const answer = await api('DELETE', `/api/loopstream/delete/${row.id}`);
  assert.equal(answer.json, { success: true, message: 'Loopstream deleted successfully!' });
  assertError(await api('DELETE', `/api/loopstream/delete/${row.id}`), 404, 'Loopstream not found');
  assertError(await api('GET', `/api/loopstream/download/${row.id}`), 404, 'Loopstream not found');
  assert.not.ok(
    ((await api('GET', '/api/loopstream/list')).json.loopstreams as Loopstream[]).some((item) => item.id === row.id),
  );
});

test('every LoopStream call needs the session', async () => {
  for (const [method, path] of [
    ['GET', '/api/loopstream/list'],
    ['POST', '/api/loopstream/create'],
    ['GET', '/api/loopstream/download/1'],
    ['DELETE', '/api/loopstream/delete/1'],
  ] as const) {
    assertError(await anonymous(method, path, method === 'POST' ? VALID : undefined), 401, 'Unauthorized', path);
  }
});

test.run();
