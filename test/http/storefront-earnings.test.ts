/** The earnings screenshot: uploaded by the owner, served at the home page's image addresses, kept across a restart. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readImageHeader } from '../../api/images/image-header';
import { decodePngRows } from '../../api/images/png-rows';
import type { Storefront } from '../../contract/calls/storefront';
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
  call(shop.server.url, 'POST', '/api/storefront/earnings-image', {
    body,
    cookie: withSession ? shop.cookie : undefined,
    headers: { origin: shop.server.url },
  });

async function image(
  path: string,
): Promise<{ type: string | null; size: ReturnType<typeof readImageHeader>; bytes: number }> {
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
  assert.equal([saved.width, saved.height], [1280, 800], 'the whole 16:10 picture, not a 16:9 cut of it');
  const placeholders = answer.json.placeholders as string[];
  assert.ok(
    Array.isArray(placeholders) && !placeholders.includes('earnings_image'),
    'the answer says the sample is replaced',
  );
  assert.ok(placeholders.includes('videos.tutorial_setup'), 'and what else is still a placeholder');

  const check = async (): Promise<void> => {
    const large = await image('/images/adsense-earnings.webp');
    assert.equal([large.type, large.size], ['image/webp', { format: 'webp', width: 1280, height: 800 }]);
    assert.is.not(large.bytes, sample.bytes);
    assert.equal((await image('/images/adsense-earnings-640.webp')).size, { format: 'webp', width: 640, height: 400 });
    const png = await image('/images/adsense-earnings.png');
    assert.equal([png.type, png.size], ['image/png', { format: 'png', width: 1280, height: 800 }]);
    const home = await (await fetch(shop.server.url + '/')).text();
    assert.ok(home.includes(saved.small_webp_url), 'the home page names the new version');
    assert.ok(home.includes('width="1280" height="800"'), 'and its size');
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

/** The stored PNG's pixel at (x, y) as [r, g, b]. */
async function pixelsOf(path: string): Promise<(x: number, y: number) => number[]> {
  const bytes = new Uint8Array(await (await checkedFetch(shop.server.url + path)).arrayBuffer());
  const rows = new Map<number, Uint8Array>();
  await decodePngRows(bytes, (y, rgba) => rows.set(y, rgba.slice()));
  return (x, y) => [...rows.get(y)!.subarray(x * 4, x * 4 + 3)];
}

test('a portrait phone screenshot is kept whole: its aspect, and its corners at the corners', async () => {
  // gradientPng: red grows left to right, green top to bottom, so each corner has its own colour.
  const answer = await upload(form(gradientPng(720, 1560)));
  assert.is(answer.status, 200, answer.text);
  const saved = (answer.json.storefront as Storefront).earnings_image;
  assert.ok(saved.height > saved.width, `portrait stays portrait: ${saved.width}×${saved.height}`);
  assert.ok(Math.abs(saved.width / saved.height - 720 / 1560) < 0.01, `aspect kept: ${saved.width}×${saved.height}`);
  for (const [path, side] of [
    ['/images/adsense-earnings.webp', 1280],
    ['/images/adsense-earnings-640.webp', 640],
    ['/images/adsense-earnings.png', 1280],
  ] as const) {
    const { size } = await image(path);
    assert.is(size?.height, side, `${path} fits its ${side} px box`);
    assert.ok(Math.abs(size!.width / size!.height - 720 / 1560) < 0.01, `${path}: ${size?.width}×${size?.height}`);
  }
  const pixel = await pixelsOf('/images/adsense-earnings.png');
  const last = { x: saved.width - 1, y: saved.height - 1 };
  const near = (value: number, expected: number): boolean => Math.abs(value - expected) <= 12;
  const [topLeft, bottomRight] = [pixel(0, 0), pixel(last.x, last.y)];
  assert.ok(near(topLeft[0]!, 0) && near(topLeft[1]!, 0), `top-left is the picture's top-left: ${topLeft}`);
  assert.ok(
    near(bottomRight[0]!, 255) && near(bottomRight[1]!, 255),
    `bottom-right is the picture's bottom-right: ${bottomRight}`,
  );
});

test.run();
