/** The earnings screenshot: uploaded by the owner, served at the home page's image addresses, kept across a restart. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readImageHeader } from '../../api/prompts/image-header';
import type { Storefront } from '../../contract/storefront';
import { checkedFetch } from '../answer-check';
import { call } from '../harness';
import { gradientPng } from '../png-fixture';
import { restartableServer } from './storefront-server';

const shop = restartableServer(test);

function form(bytes: Uint8Array | undefined, field = 'image'): FormData {
  const body = new FormData();
  if (bytes) body.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'shot.png');
  return body;
}
const upload = (body: FormData, withSession = true) =>
  call(shop.server.url, 'POST', '/api/storefront/earnings-image', { body, cookie: withSession ? shop.cookie : undefined, headers: { origin: shop.server.url } });

async function image(path: string): Promise<{ type: string | null; size: ReturnType<typeof readImageHeader>; bytes: number }> {
  const response = await checkedFetch(shop.server.url + path);
  assert.is(response.status, 200, path);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { type: response.headers.get('content-type'), size: readImageHeader(bytes), bytes: bytes.length };
}

test('refusals: no session 401, no file 400, not an image 415; the sample stays', async () => {
  assert.is((await upload(form(gradientPng(64, 64)), false)).status, 401);
  assert.equal((await upload(form(undefined))).json, { success: false, error: 'image is required' });
  const text = await upload(form(Buffer.from('not an image at all')));
  assert.is(text.status, 415);
  const { storefront } = (await call(shop.server.url, 'GET', '/api/storefront')).json as { storefront: Storefront };
  assert.is(storefront.earnings_image.placeholder, true);
  assert.is(storefront.earnings_image.webp_url, '/images/adsense-earnings.webp');
});

test('an upload: three forms at the home page addresses, a new version in its HTML, kept after a restart', async () => {
  const sample = await image('/images/adsense-earnings.webp');
  const answer = await upload(form(gradientPng(1600, 1000)));
  assert.is(answer.status, 200, answer.text);
  assert.is(answer.json.message, 'Earnings screenshot saved successfully!');
  const saved = (answer.json.storefront as Storefront).earnings_image;
  assert.is(saved.placeholder, false);
  assert.match(saved.webp_url, /^\/images\/adsense-earnings\.webp\?v=[a-f0-9]{12}$/);
  assert.equal([saved.width, saved.height], [1280, 720]);

  const check = async (): Promise<void> => {
    const large = await image('/images/adsense-earnings.webp');
    assert.equal([large.type, large.size], ['image/webp', { format: 'webp', width: 1280, height: 720 }]);
    assert.is.not(large.bytes, sample.bytes);
    assert.equal((await image('/images/adsense-earnings-640.webp')).size, { format: 'webp', width: 640, height: 360 });
    const png = await image('/images/adsense-earnings.png');
    assert.equal([png.type, png.size], ['image/png', { format: 'png', width: 1280, height: 720 }]);
    const home = await (await fetch(shop.server.url + '/')).text();
    assert.ok(home.includes(saved.small_webp_url), 'the home page names the new version');
    assert.ok(home.includes('width="1280" height="720"'), 'and its size');
  };
  await check();
  await shop.restart();
  await check();

  // A second upload replaces the first: its files go once the new ones are served.
  const again = await upload(form(gradientPng(800, 800)));
  assert.is(again.status, 200, again.text);
  assert.is.not((again.json.storefront as Storefront).earnings_image.webp_url, saved.webp_url);
  const db = shop.server.app.ctx.db;
  const stored =
    db.engine === 'postgres'
      ? (await db.all<{ name: string }>('SELECT name FROM blobs')).map((row) => row.name)
      : (await readdir(join(shop.server.dataDir, 'uploads'))).filter((name) => name !== 'tmp');
  assert.is(stored.length, 3, stored.join(' '));
});

test.run();
