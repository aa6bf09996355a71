import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkedFetch } from '../answer-check';
import { adminServer, call } from '../harness';
import { gradientPng } from '../png-fixture';
import { assertError } from './admin-api-helpers';

const admin = adminServer(test);
type Prompt = { id: number; title: string; image_path: string | null; image_url: string | null };

function form(fields: Record<string, string>, image?: Buffer): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (image) body.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cover.png');
  return body;
}

const send = (method: string, path: string, body: FormData) =>
  call(admin.server.url, method, path, { body, cookie: admin.cookie });

async function withImage(title: string): Promise<Prompt> {
  const answer = await send('POST', '/api/prompt/create', form({ title, prompt_template: 't' }, gradientPng(320, 180)));
  assert.is(answer.status, 200, answer.text);
  return answer.json.prompt as Prompt;
}

test('update with remove_image=1: the prompt keeps no image and its file is gone; the texts are kept', async () => {
  for (const word of ['1', 'true']) {
    const prompt = await withImage(`Remove with ${word}`);
    assert.is((await checkedFetch(admin.server.url + prompt.image_url!)).status, 200);
    const answer = await send('PUT', `/api/prompt/update/${prompt.id}`, form({ remove_image: word }));
    assert.is(answer.status, 200, answer.text);
    const after = answer.json.prompt as Prompt;
    assert.equal([after.title, after.image_path, after.image_url], [`Remove with ${word}`, null, null]);
    assert.is((await checkedFetch(admin.server.url + prompt.image_url!)).status, 404);
  }
});

test('remove_image=0 or false keeps the image; a bad word or a new image as well is a 400 and changes nothing', async () => {
  const prompt = await withImage('Keep me');
  for (const word of ['0', 'false']) {
    const kept = await send(
      'PUT',
      `/api/prompt/update/${prompt.id}`,
      form({ remove_image: word, title: `Keep me ${word}` }),
    );
    assert.is((kept.json.prompt as Prompt).image_path, prompt.image_path, word);
  }
  assertError(
    await send('PUT', `/api/prompt/update/${prompt.id}`, form({ remove_image: 'yes' })),
    400,
    'remove_image must be 1 or true (remove the image), 0 or false',
  );
  assertError(
    await send('PUT', `/api/prompt/update/${prompt.id}`, form({ remove_image: '1' }, gradientPng(320, 180))),
    400,
    'Send either a new image or remove_image, not both',
  );
  assert.is((await checkedFetch(admin.server.url + prompt.image_url!)).status, 200);
});

test('removing from a prompt without an image is a plain update', async () => {
  const created = await send('POST', '/api/prompt/create', form({ title: 'Bare', prompt_music: 'm' }));
  const prompt = created.json.prompt as Prompt;
  const answer = await send('PUT', `/api/prompt/update/${prompt.id}`, form({ remove_image: '1', prompt_music: 'm2' }));
  assert.is(answer.status, 200, answer.text);
  assert.equal(
    [(answer.json.prompt as Prompt & { prompt_music: string }).prompt_music, (answer.json.prompt as Prompt).image_path],
    ['m2', null],
  );
});

test.run();
