import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAnswer } from '../answer-check';
import { adminServer, call } from '../harness';

const admin = adminServer(test);

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

type Prompt = Record<string, unknown> & { id: number; title: string };

async function create(fields: Record<string, string>): Promise<Prompt> {
  const answer = await call(admin.server.url, 'POST', '/api/prompt/create', {
    body: form(fields),
    cookie: admin.cookie,
  });
  assert.is(answer.status, 200, answer.text);
  return answer.json.prompt as Prompt;
}

async function list(
  query = '',
): Promise<{ prompts: Prompt[]; pages: number; total: number; page: number; per_page: number }> {
  const answer = await call(admin.server.url, 'GET', `/api/prompt/list${query}`);
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.json.success, true);
  return answer.json as never;
}

async function clear(): Promise<void> {
  for (const prompt of (await list('?per_page=100')).prompts) {
    await call(admin.server.url, 'DELETE', `/api/prompt/delete/${prompt.id}`, { cookie: admin.cookie });
  }
}

test('create: title and template or music; description optional; the answer is the stored prompt', async () => {
  await clear();
  const prompt = await create({ title: '  Lofi Hujan Malam  ', prompt_music: 'lofi hip hop, rain, 70 bpm' });
  assert.equal(
    { ...prompt, id: 0, created_at: '', updated_at: '' },
    {
      id: 0,
      title: 'Lofi Hujan Malam',
      description: '',
      prompt_template: '',
      prompt_music: 'lofi hip hop, rain, 70 bpm',
      image_path: null,
      image_url: null,
      created_at: '',
      updated_at: '',
    },
  );
  assert.ok(Number.isInteger(prompt.id) && prompt.id > 0);
  assert.ok(!Number.isNaN(Date.parse(String(prompt.created_at))));
  const withAll = await create({
    title: 'Piano',
    description: 'Untuk belajar',
    prompt_template: 'Buat judul live piano',
  });
  assert.is(withAll.description, 'Untuk belajar');
  const page = await list();
  assert.equal(
    page.prompts.map((row) => row.title),
    ['Piano', 'Lofi Hujan Malam'],
  );
});

test('create: bad inputs get a clear 4xx and store nothing', async () => {
  await clear();
  const many = 'x'.repeat(201);
  const titleAsFile = new FormData();
  titleAsFile.set('title', new Blob(['Judul']), 'title.txt');
  titleAsFile.set('prompt_music', 'm');
  const imageAsText = form({ title: 't', prompt_music: 'm', image: 'not a file' });
  const cases: Array<[string, FormData | string | Record<string, unknown>, number, string]> = [
    ['missing title', form({ prompt_template: 't' }), 400, 'title is required'],
    ['blank title', form({ title: '   ', prompt_template: 't' }), 400, 'title is required'],
    [
      'no template, no music',
      form({ title: 'Judul', description: 'd' }),
      400,
      'At least one of prompt_template or prompt_music is required',
    ],
    [
      'blank template and music',
      form({ title: 'Judul', prompt_template: ' ', prompt_music: '' }),
      400,
      'At least one of prompt_template or prompt_music is required',
    ],
    ['title too long', form({ title: many, prompt_template: 't' }), 400, 'title is too long (max 200 characters)'],
    ['title sent as a file', titleAsFile, 400, 'title must be text, not a file'],
    ['image sent as text', imageAsText, 400, 'image must be a file'],
    ['JSON body', { title: 'Judul', prompt_template: 't' }, 415, 'Content-Type must be multipart/form-data'],
    ['text body', 'title=Judul', 415, 'Content-Type must be multipart/form-data'],
  ];
  for (const [label, body, status, error] of cases) {
    const answer = await call(admin.server.url, 'POST', '/api/prompt/create', { body, cookie: admin.cookie });
    assert.is(answer.status, status, `${label}: ${answer.text}`);
    assert.equal(answer.json, { success: false, error }, label);
  }
  assert.is((await list()).total, 0);
});

test('create: an oversized body is refused with 413 and the server keeps answering', async () => {
  const status = await new Promise<number>((resolve) => {
    const url = new URL('/api/prompt/create', admin.server.url);
    const req = request(url, {
      method: 'POST',
      headers: {
        cookie: admin.cookie,
        'content-type': 'multipart/form-data; boundary=zz',
        'content-length': String(50 * 1024 * 1024),
      },
    });
    req.on('response', (response) => {
      resolve(response.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', () => resolve(0));
    req.write('--zz\r\n');
  });
  if (status !== 0) checkAnswer({ method: 'POST', url: '/api/prompt/create', status });
  assert.is(status, 413);
  const big = new FormData();
  big.set('title', 'Besar');
  big.set('prompt_template', 't');
  big.set('description', 'x'.repeat(600 * 1024));
  const answer = await call(admin.server.url, 'POST', '/api/prompt/create', { body: big, cookie: admin.cookie }).catch(
    () => ({ status: 0 }),
  );
  assert.ok(answer.status === 413 || answer.status === 0, `fields over the limit: ${answer.status}`);
  assert.is((await call(admin.server.url, 'GET', '/healthz')).status, 200);
});

test('update: fields not sent keep their value; validation applies to the result; unknown id 404', async () => {
  await clear();
  const prompt = await create({
    title: 'Asli',
    description: 'Deskripsi',
    prompt_template: 'Template',
    prompt_music: 'Musik',
  });
  const path = `/api/prompt/update/${prompt.id}`;
  const changed = await call(admin.server.url, 'PUT', path, { body: form({ title: 'Baru' }), cookie: admin.cookie });
  assert.is(changed.status, 200, changed.text);
  const after = changed.json.prompt as Prompt;
  assert.equal(
    [after.title, after.description, after.prompt_template, after.prompt_music],
    ['Baru', 'Deskripsi', 'Template', 'Musik'],
  );
  assert.is(after.created_at, prompt.created_at);
  // Clearing one of the two texts is fine; clearing both is not.
  const noMusic = await call(admin.server.url, 'PUT', path, {
    body: form({ prompt_music: '', description: '' }),
    cookie: admin.cookie,
  });
  assert.is(noMusic.status, 200, noMusic.text);
  assert.equal([(noMusic.json.prompt as Prompt).prompt_music, (noMusic.json.prompt as Prompt).description], ['', '']);
  const cases: Array<[string, string, FormData | Record<string, unknown>, number, string]> = [
    [
      'both texts cleared',
      path,
      form({ prompt_template: '' }),
      400,
      'At least one of prompt_template or prompt_music is required',
    ],
    ['blank title', path, form({ title: ' ' }), 400, 'title is required'],
    ['unknown id', '/api/prompt/update/999999', form({ title: 'x' }), 404, 'Prompt not found'],
    ['id that cannot exist', '/api/prompt/update/abc', form({ title: 'x' }), 404, 'Not found'],
    ['JSON body', path, { title: 'x' }, 415, 'Content-Type must be multipart/form-data'],
  ];
  for (const [label, url, body, status, error] of cases) {
    const answer = await call(admin.server.url, 'PUT', url, { body, cookie: admin.cookie });
    assert.is(answer.status, status, `${label}: ${answer.text}`);
    assert.equal(answer.json, { success: false, error }, label);
  }
  const [stored] = (await list()).prompts;
  assert.equal([stored?.title, stored?.prompt_template], ['Baru', 'Template']);
});

test('delete: removes the prompt; unknown or repeated delete is 404', async () => {
  await clear();
  const prompt = await create({ title: 'Hapus aku', prompt_template: 't' });
  const removed = await call(admin.server.url, 'DELETE', `/api/prompt/delete/${prompt.id}`, { cookie: admin.cookie });
  assert.equal([removed.status, removed.json], [200, { success: true }]);
  const again = await call(admin.server.url, 'DELETE', `/api/prompt/delete/${prompt.id}`, { cookie: admin.cookie });
  assert.equal([again.status, again.json], [404, { success: false, error: 'Prompt not found' }]);
  assert.is((await call(admin.server.url, 'DELETE', '/api/prompt/delete/-1', { cookie: admin.cookie })).status, 404);
  assert.is((await list()).total, 0);
});

test('list: public, 12 per page by default, newest first, search over the four fields, paging clamped', async () => {
  await clear();
  for (let index = 1; index <= 15; index++) {
    await create({
      title: `Prompt ${index}`,
      prompt_template: index % 3 === 0 ? 'Suasana HUJAN deras' : 'cafe',
      prompt_music: index === 7 ? 'Piano Lembut' : '',
    });
  }
  const first = await list();
  assert.equal([first.prompts.length, first.pages, first.total, first.page, first.per_page], [12, 2, 15, 1, 12]);
  assert.is(first.prompts[0]?.title, 'Prompt 15');
  const keys = Object.keys(first.prompts[0] ?? {}).sort();
  assert.equal(keys, [
    'created_at',
    'description',
    'id',
    'image_path',
    'image_url',
    'prompt_music',
    'prompt_template',
    'title',
    'updated_at',
  ]);
  const second = await list('?page=2&per_page=12');
  assert.equal(
    second.prompts.map((row) => row.title),
    ['Prompt 3', 'Prompt 2', 'Prompt 1'],
  );
  const rain = await list('?search=hujan');
  assert.equal([rain.total, rain.pages], [5, 1]);
  assert.equal(
    rain.prompts.map((row) => row.title),
    ['Prompt 15', 'Prompt 12', 'Prompt 9', 'Prompt 6', 'Prompt 3'],
  );
  assert.equal(
    (await list('?search=piano%20LEMBUT')).prompts.map((row) => row.title),
    ['Prompt 7'],
  );
  assert.equal((await list('?search=PROMPT%201&per_page=100')).total, 7);
  const none = await list('?search=tidak-ada');
  assert.equal([none.prompts, none.total, none.pages], [[], 0, 1]);
  const clampedCases: Array<[string, number, number]> = [
    ['?page=abc&per_page=xyz', 1, 12],
    ['?page=-3&per_page=0', 1, 1],
    ['?page=99', 2, 12],
    ['?page=1.5&per_page=5.9', 1, 5],
    ['?per_page=100000', 1, 100],
    ['?page=99999999999999999999999', 2, 12],
  ];
  for (const [query, page, perPage] of clampedCases) {
    const answer = await list(query);
    assert.equal([answer.page, answer.per_page], [page, perPage], query);
  }
  const admin = await list('?per_page=100');
  assert.equal([admin.prompts.length, admin.pages], [15, 1]);
});

test('list: a repeated address is answered from the cache only until a prompt changes', async () => {
  await clear();
  const prompt = await create({ title: 'Senja', prompt_template: 'ombak pelan' });
  const address = '?search=OMBAK%20pelan&page=1';
  assert.equal(
    (await list(address)).prompts.map((row) => row.title),
    ['Senja'],
  );
  // The same query spelled another way reads the same page.
  assert.equal((await list('?page=1&search=ombak+PELAN')).prompts, (await list(address)).prompts);
  const renamed = await call(admin.server.url, 'PUT', `/api/prompt/update/${prompt.id}`, {
    body: form({ title: 'Fajar' }),
    cookie: admin.cookie,
  });
  assert.is(renamed.status, 200, renamed.text);
  assert.equal(
    (await list(address)).prompts.map((row) => row.title),
    ['Fajar'],
  );
  await create({ title: 'Ombak kedua', prompt_template: 'ombak pelan lagi' });
  assert.equal(
    (await list(address)).prompts.map((row) => row.title),
    ['Ombak kedua', 'Fajar'],
  );
  await call(admin.server.url, 'DELETE', `/api/prompt/delete/${prompt.id}`, { cookie: admin.cookie });
  assert.equal(
    (await list(address)).prompts.map((row) => row.title),
    ['Ombak kedua'],
  );
});

test('without a session every write is 401 and changes nothing; list and images stay public', async () => {
  await clear();
  const prompt = await create({ title: 'Aman', prompt_template: 't' });
  const cases: Array<[string, string]> = [
    ['POST', '/api/prompt/create'],
    ['PUT', `/api/prompt/update/${prompt.id}`],
    ['DELETE', `/api/prompt/delete/${prompt.id}`],
  ];
  for (const [method, path] of cases) {
    const answer = await call(admin.server.url, method, path, {
      body: form({ title: 'Dibajak', prompt_template: 'x' }),
    });
    assert.is(answer.status, 401, `${method} ${path}`);
    assert.is(answer.json.success, false);
  }
  assert.equal(
    (await list()).prompts.map((row) => row.title),
    ['Aman'],
  );
  assert.is((await call(admin.server.url, 'GET', `/api/prompt/image/${'a'.repeat(32)}.webp`)).status, 404);
});

test.run();
