import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminSuite, assertError } from './admin-api-helpers';

const { clock, api, anonymous, assertBadBodies } = adminSuite(test, '2026-06-01T00:00:00.000Z');
type Setting = {
  id: number;
  config_key: string;
  config_value: string;
  description: string;
  created_at: string;
  updated_at: string;
};
const configs = async (): Promise<Setting[]> => (await api('GET', '/api/config/list')).json.configs as Setting[];
const DEFAULT_KEYS = [
  'loopbot_download_url',
  'loopbot_template',
  'loopbot_tutorial_url',
  'loopstream_default_password',
  'loopstream_default_username',
  'loopstream_download_url',
  'loopstream_template',
  'loopstream_tutorial_url',
];

test('list starts empty', async () => {
  const answer = await api('GET', '/api/config/list');
  assert.equal(answer.json, { success: true, configs: [] });
});

test("preview with nothing configured links to the shop's own pages (PUBLIC_URL, here its default)", async () => {
  const answer = await api('POST', '/api/config/template/preview', {
    template: '{download_url} | {tutorial_url}',
    app_type: 'loopbot',
  });
  assert.equal(answer.json, {
    success: true,
    preview: 'http://localhost:3000/tutorial#instal | http://localhost:3000/tutorial',
  });
});

test('initialize: writes every default once, never overwrites', async () => {
  await api('POST', '/api/config/set', {
    config_key: 'loopbot_download_url',
    config_value: 'https://mine.example/bot',
    description: 'mine',
  });
  const answer = await api('POST', '/api/config/initialize');
  assert.is(answer.status, 200);
  assert.equal(Object.keys(answer.json).sort(), ['created', 'message', 'success']);
  assert.is(answer.json.message, 'Default configurations initialized successfully!');
  assert.equal(
    (answer.json.created as string[]).sort(),
    DEFAULT_KEYS.filter((key) => key !== 'loopbot_download_url'),
  );
  const rows = await configs();
  assert.equal(
    rows.map((row) => row.config_key),
    DEFAULT_KEYS,
  );
  const byKey = new Map(rows.map((row) => [row.config_key, row]));
  assert.is(byKey.get('loopbot_download_url')?.config_value, 'https://mine.example/bot');
  for (const key of ['loopbot_template', 'loopstream_template']) {
    for (const placeholder of ['{expired_date}', '{license_key}', '{download_url}', '{tutorial_url}']) {
      assert.ok(byKey.get(key)!.config_value.includes(placeholder), `${key} has ${placeholder}`);
    }
  }
  assert.is(byKey.get('loopstream_default_username')?.config_value, 'admin');
  assert.match(byKey.get('loopstream_default_password')!.config_value, /^[A-Za-z2-9]{14}$/);

  const again = await api('POST', '/api/config/initialize', {});
  assert.equal(again.json, { success: true, message: 'Default configurations initialized successfully!', created: [] });
  assert.equal(await configs(), rows);
});

test('set: creates or replaces a value; exact answer', async () => {
  clock.now = new Date('2026-06-01T00:00:01.000Z');
  const answer = await api('POST', '/api/config/set', {
    config_key: 'support_whatsapp',
    config_value: ' 628123456789 ',
    description: 'Chat number',
  });
  assert.is(answer.status, 200);
  assert.equal(Object.keys(answer.json).sort(), ['config', 'message', 'success']);
  assert.is(answer.json.message, 'Configuration saved successfully!');
  const created = answer.json.config as Setting;
  assert.equal(
    { ...created, id: 0 },
    {
      id: 0,
      config_key: 'support_whatsapp',
      config_value: '628123456789',
      description: 'Chat number',
      created_at: '2026-06-01T00:00:01.000Z',
      updated_at: '2026-06-01T00:00:01.000Z',
    },
  );
  clock.now = new Date('2026-06-01T00:00:02.000Z');
  const replaced = (await api('POST', '/api/config/set', { config_key: 'support_whatsapp', config_value: '62811' }))
    .json.config as Setting;
  assert.equal(
    [replaced.id, replaced.config_value, replaced.description, replaced.updated_at],
    [created.id, '62811', 'Chat number', '2026-06-01T00:00:02.000Z'],
  );
});

test('set: key must be snake_case, value required, URL keys hold http(s) addresses', async () => {
  const before = await configs();
  const snake = 'config_key must be snake_case: lower-case letters, digits and _, starting with a letter';
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ config_value: 'v' }, 'config_key is required'],
    [{ config_key: 'Upper_Case', config_value: 'v' }, snake],
    [{ config_key: '1st_key', config_value: 'v' }, snake],
    [{ config_key: '_private', config_value: 'v' }, snake],
    [{ config_key: 'has-dash', config_value: 'v' }, snake],
    [{ config_key: 'has space', config_value: 'v' }, snake],
    [{ config_key: 'k'.repeat(101), config_value: 'v' }, 'config_key is too long (max 100 characters)'],
    [{ config_key: 5, config_value: 'v' }, 'config_key must be a string'],
    [{ config_key: 'ok_key' }, 'config_value is required'],
    [{ config_key: 'ok_key', config_value: '   ' }, 'config_value is required'],
    [{ config_key: 'ok_key', config_value: 12 }, 'config_value must be a string'],
    [{ config_key: 'ok_key', config_value: 'v', description: ['x'] }, 'description must be a string'],
    [
      { config_key: 'shop_url', config_value: 'javascript:alert(1)' },
      'config_value of a url key must be an http:// or https:// address',
    ],
    [
      { config_key: 'shop_url', config_value: 'example.com' },
      'config_value of a url key must be an http:// or https:// address',
    ],
  ];
  for (const [body, error] of cases)
    assertError(await api('POST', '/api/config/set', body), 400, error, JSON.stringify(body));
  await assertBadBodies('POST', '/api/config/set');
  assert.equal(await configs(), before);
});

test('update: value and description by id; the key cannot change', async () => {
  const row = (
    await api('POST', '/api/config/set', {
      config_key: 'loopstream_tutorial_url',
      config_value: 'https://a.example',
      description: 'd1',
    })
  ).json.config as Setting;
  const answer = await api('PUT', `/api/config/update/${row.id}`, {
    config_key: 'loopstream_tutorial_url',
    config_value: 'https://b.example',
    description: 'd2',
  });
  assert.is(answer.status, 200);
  assert.is(answer.json.message, 'Configuration saved successfully!');
  assert.equal(
    [(answer.json.config as Setting).config_value, (answer.json.config as Setting).description],
    ['https://b.example', 'd2'],
  );
  const withoutKey = await api('PUT', `/api/config/update/${row.id}`, { config_value: 'https://c.example' });
  assert.equal(
    [(withoutKey.json.config as Setting).config_value, (withoutKey.json.config as Setting).description],
    ['https://c.example', 'd2'],
  );
  assertError(
    await api('PUT', `/api/config/update/${row.id}`, { config_key: 'other_key', config_value: 'https://x.example' }),
    400,
    'config_key cannot be changed',
  );
  assertError(await api('PUT', `/api/config/update/${row.id}`, { config_value: '' }), 400, 'config_value is required');
  assertError(
    await api('PUT', `/api/config/update/${row.id}`, { config_value: 'ftp://x' }),
    400,
    'config_value of a url key must be an http:// or https:// address',
  );
  assertError(
    await api('PUT', `/api/config/update/${row.id}`, { config_value: 'https://x.example', config_key: 3 }),
    400,
    'config_key must be a string',
  );
  assertError(await api('PUT', '/api/config/update/777777', { config_value: 'v' }), 404, 'Configuration not found');
  assertError(await api('PUT', '/api/config/update/abc', { config_value: 'v' }), 404, 'Not found');
  await assertBadBodies('PUT', `/api/config/update/${row.id}`);
  const stored = (await configs()).find((config) => config.id === row.id)!;
  assert.equal([stored.config_key, stored.config_value], ['loopstream_tutorial_url', 'https://c.example']);
});

test('preview: sample key of the app type, expiry 30 days ahead in Indonesian, configured URLs, unknown kept', async () => {
  const bot = await api('POST', '/api/config/template/preview', {
    template: 'K={license_key} E={expired_date} D={download_url} T={tutorial_url} {customer} {license_key',
    app_type: 'loopbot',
  });
  assert.is(bot.status, 200);
  assert.equal(Object.keys(bot.json).sort(), ['preview', 'success']);
  assert.match(
    String(bot.json.preview),
    /^K=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12} E=1 Juli 2026 D=https:\/\/mine\.example\/bot T=http:\/\/localhost:3000\/tutorial \{customer\} \{license_key$/,
  );
  const stream = await api('POST', '/api/config/template/preview', {
    template: '{license_key} {tutorial_url}',
    app_type: 'loopstream',
  });
  assert.match(String(stream.json.preview), /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3} https:\/\/c\.example$/);
  const defaulted = await api('POST', '/api/config/template/preview', { template: '{download_url}' });
  assert.is(defaulted.json.preview, 'https://mine.example/bot');
});

test('preview of a reminder: {renew_url} is the checkout link of the plan it falls back to; a licence template keeps it as written', async () => {
  const { plans } = (await api('GET', '/api/storefront')).json.storefront as {
    plans: Array<{ id: string; checkout_url: string }>;
  };
  const link = (id: string): string => plans.find((plan) => plan.id === id)!.checkout_url;
  const bot = await api('POST', '/api/config/template/preview', {
    template: 'R={renew_url} K={license_key}',
    app_type: 'loopbot',
    kind: 'reminder',
  });
  assert.is(bot.status, 200);
  assert.match(
    String(bot.json.preview),
    new RegExp(`^R=${link('loopbot-1-bulan').replaceAll('.', '\\.')} K=[0-9a-f-]{36}$`),
  );
  const stream = await api('POST', '/api/config/template/preview', {
    template: '{renew_url}',
    app_type: 'loopstream',
    kind: ' reminder ',
  });
  assert.is(stream.json.preview, link('loopstream-set-2'));
  const license = await api('POST', '/api/config/template/preview', { template: '{renew_url}', app_type: 'loopbot' });
  assert.is(license.json.preview, '{renew_url}');
  assertError(
    await api('POST', '/api/config/template/preview', { template: '{renew_url}', kind: 'renewal' }),
    400,
    'kind must be license or reminder',
  );
});

test('preview: empty template is an empty preview; bad input is a 400', async () => {
  assert.equal((await api('POST', '/api/config/template/preview', { template: '', app_type: 'loopbot' })).json, {
    success: true,
    preview: '',
  });
  assert.equal((await api('POST', '/api/config/template/preview', { template: '  \n ' })).json, {
    success: true,
    preview: '',
  });
  assertError(await api('POST', '/api/config/template/preview', { app_type: 'loopbot' }), 400, 'template is required');
  assertError(await api('POST', '/api/config/template/preview', { template: 5 }), 400, 'template must be a string');
  assertError(
    await api('POST', '/api/config/template/preview', { template: 'x'.repeat(20_001) }),
    400,
    'template is too long (max 20000 characters)',
  );
  assertError(
    await api('POST', '/api/config/template/preview', { template: '{license_key}', app_type: 'desktop' }),
    400,
    'app_type must be loopbot or loopstream',
  );
  await assertBadBodies('POST', '/api/config/template/preview');
});

test('initialize refuses a broken body', async () => {
  await assertBadBodies('POST', '/api/config/initialize');
});

test('every settings call needs the session', async () => {
  const calls: Array<[string, string]> = [
    ['GET', '/api/config/list'],
    ['POST', '/api/config/initialize'],
    ['POST', '/api/config/set'],
    ['PUT', '/api/config/update/1'],
    ['POST', '/api/config/template/preview'],
  ];
  for (const [method, path] of calls) {
    assertError(
      await anonymous(method, path, method === 'GET' ? undefined : { config_key: 'a', config_value: 'b' }),
      401,
      'Unauthorized',
      path,
    );
  }
  assert.is((await configs()).length, 9);
});

test.run();
