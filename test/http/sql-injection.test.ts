import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { adminServer, call } from '../harness';

/** Classic injection strings: each must be stored as typed and found only literally. */
const PAYLOADS = [
  "Robert'); DROP TABLE prompts;--",
  "' OR '1'='1",
  '" OR 1=1 --',
  '1; DELETE FROM licenses WHERE 1=1; --',
  "x' UNION SELECT password_hash, username FROM admins --",
  '%',
  '_',
  '\\',
  "'; ATTACH DATABASE '/tmp/pwn.db' AS pwn; --",
];

const admin = adminServer(test);

type Counts = { admins: number; licenses: number; loopstreams: number; configs: number; prompts: number };
const tables = async (): Promise<Counts> =>
  Object.fromEntries(
    await Promise.all(
      ['admins', 'licenses', 'loopstreams', 'configs', 'prompts'].map(async (table) => [
        table,
        (await admin.server.app.ctx.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))!.n,
      ]),
    ),
  ) as Counts;

test('prompts: injection strings in every text field are stored literally and searched literally', async () => {
  for (const payload of PAYLOADS) {
    const body = new FormData();
    body.set('title', `T ${payload}`);
    body.set('description', `D ${payload}`);
    body.set('prompt_template', `P ${payload}`);
    body.set('prompt_music', `M ${payload}`);
    const created = await call(admin.server.url, 'POST', '/api/prompt/create', { body, cookie: admin.cookie });
    assert.is(created.status, 200, created.text);
  }
  const all = await call(admin.server.url, 'GET', '/api/prompt/list?per_page=100');
  const prompts = all.json.prompts as Array<Record<string, string>>;
  assert.is(prompts.length, PAYLOADS.length);
  for (const payload of PAYLOADS) {
    const stored = prompts.find((prompt) => prompt.title === `T ${payload}`);
    assert.ok(stored, `stored: ${payload}`);
    assert.equal(
      [stored!.description, stored!.prompt_template, stored!.prompt_music],
      [`D ${payload}`, `P ${payload}`, `M ${payload}`],
    );
    const found = await call(admin.server.url, 'GET', `/api/prompt/list?search=${encodeURIComponent(`T ${payload}`)}`);
    assert.equal(
      (found.json.prompts as Array<{ title: string }>).map((prompt) => prompt.title),
      [`T ${payload}`],
      `searched literally: ${payload}`,
    );
  }
  const wildcard = await call(admin.server.url, 'GET', `/api/prompt/list?search=${encodeURIComponent('%')}`);
  assert.is(wildcard.json.total, 1, "'%' matches only the prompt that contains it");
  assert.is((await tables()).prompts, PAYLOADS.length);
});

test('licences, LoopStream records and configs: injection strings are data', async () => {
  const before = await tables();
  for (const payload of PAYLOADS) {
    const search = await call(
      admin.server.url,
      'GET',
      `/api/license/list?search=${encodeURIComponent(payload)}&page=1`,
      { cookie: admin.cookie },
    );
    assert.is(search.status, 200);
    assert.is(search.json.total, 0, `licence search for ${payload}`);
    const loopstream = await call(admin.server.url, 'POST', '/api/loopstream/create', {
      cookie: admin.cookie,
      body: {
        package_type: 'Paket 1',
        customer_name: payload,
        ip_server: '203.0.113.7',
        expired_date: '2027-01-01T00:00',
      },
    });
    assert.is(loopstream.status, 200, loopstream.text);
    const config = await call(admin.server.url, 'POST', '/api/config/set', {
      cookie: admin.cookie,
      body: { config_key: `note_${PAYLOADS.indexOf(payload)}`, config_value: payload, description: payload },
    });
    assert.is(config.status, 200, config.text);
    const badKey = await call(admin.server.url, 'POST', '/api/config/set', {
      cookie: admin.cookie,
      body: { config_key: payload, config_value: 'x' },
    });
    assert.is(badKey.status, 400, `a config key "${payload}" is refused`);
  }
  const loopstreams = (await call(admin.server.url, 'GET', '/api/loopstream/list', { cookie: admin.cookie })).json
    .loopstreams as Array<{ customer_name: string }>;
  assert.equal(loopstreams.map((row) => row.customer_name).sort(), [...PAYLOADS].sort());
  const configs = (await call(admin.server.url, 'GET', '/api/config/list', { cookie: admin.cookie })).json
    .configs as Array<{ config_key: string; config_value: string }>;
  for (const [index, payload] of PAYLOADS.entries()) {
    assert.is(configs.find((config) => config.config_key === `note_${index}`)?.config_value, payload);
  }
  const after = await tables();
  assert.equal(after, {
    ...before,
    loopstreams: before.loopstreams + PAYLOADS.length,
    configs: before.configs + PAYLOADS.length,
  });
});

test('login: injection strings as user name or password are just wrong credentials', async () => {
  for (const payload of PAYLOADS.slice(0, 4)) {
    const answer = await call(admin.server.url, 'POST', '/api/admin/login', {
      body: { username: payload, password: payload },
    });
    assert.is(answer.status, 401);
  }
});

test.run();
