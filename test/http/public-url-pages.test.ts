/**
 * The public pages at the shop's own address (PUBLIC_URL): every page's canonical link, Open Graph and JSON-LD
 * addresses, sitemap.xml and robots.txt name it, in every encoding served, and follow a new PUBLIC_URL at the next
 * start without a rebuild. The build itself never bakes loopbot.id or example.com into them.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BuildManifest } from '../../contract/build-manifest';
import type { Storefront } from '../../contract/calls/storefront';
import { PAGE_META } from '../../web/content/page-meta';
import { call, loginCookie, startServer } from '../harness';
import type { TestServer } from '../harness';

const SHOP = 'https://shop.example.id';
const DIST = process.env.BUILD_OUT || 'dist';
const ENCODINGS = ['identity', 'gzip', 'br'];

let server: TestServer;

test.before(async () => {
  server = await startServer({ PUBLIC_URL: SHOP });
});

test.after(async () => {
  await server?.close();
});

/** The body as served with `encoding` (fetch decodes gzip and br). */
async function get(path: string, encoding = 'identity'): Promise<string> {
  const answer = await fetch(server.url + path, { headers: { 'accept-encoding': encoding } });
  assert.ok(answer.status === 200 || answer.status === 404, `${path}: ${answer.status}`);
  return answer.text();
}

const attribute = (html: string, pattern: RegExp): string | undefined => pattern.exec(html)?.[1];

/** The page's own addresses: canonical, og:url, og:image and every address in its JSON-LD. */
function ownAddresses(html: string): { canonical?: string; ogUrl?: string; ogImage?: string; jsonLd: string[] } {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  const data = json ? (JSON.parse(json) as { url: string; image: string; offers: unknown[] }) : undefined;
  return {
    canonical: attribute(html, /<link rel="canonical" href="([^"]+)">/),
    ogUrl: attribute(html, /<meta property="og:url" content="([^"]+)">/),
    ogImage: attribute(html, /<meta property="og:image" content="([^"]+)">/),
    jsonLd: data ? [data.url, data.image] : [],
  };
}

function assertAt(html: string, base: string, path: string, what: string): void {
  const own = ownAddresses(html);
  assert.is(own.canonical, base + path, `${what}: canonical`);
  assert.is(own.ogUrl, base + path, `${what}: og:url`);
  assert.is(own.ogImage, `${base}/images/og-image.png`, `${what}: og:image`);
  for (const address of own.jsonLd) assert.ok(address.startsWith(`${base}/`), `${what}: JSON-LD ${address}`);
  const head = html.slice(0, html.indexOf('</head>'));
  assert.not.ok(/loopbot\.id|example\.com/.test(head), `${what}: the head names no other address`);
}

test('every public page, in every encoding: canonical, Open Graph and JSON-LD at PUBLIC_URL', async () => {
  let productPages = 0;
  for (const meta of PAGE_META) {
    for (const encoding of ENCODINGS) {
      const html = await get(meta.path, encoding);
      assertAt(html, SHOP, meta.path, `${meta.path} (${encoding})`);
      if (encoding === 'identity' && ownAddresses(html).jsonLd.length > 0) productPages++;
    }
  }
  assert.is(productPages, 2, 'both product pages carry JSON-LD');
  const missing = await get('/no-such-page');
  assert.is(ownAddresses(missing).ogImage, `${SHOP}/images/og-image.png`);
  assert.is(ownAddresses(missing).canonical, undefined, 'the 404 page has no canonical link');
});

test('sitemap.xml lists every public route at PUBLIC_URL; robots.txt keeps crawlers off /admin and /api', async () => {
  for (const encoding of ENCODINGS) {
    const sitemap = await get('/sitemap.xml', encoding);
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    assert.equal(
      locs,
      PAGE_META.map((meta) => SHOP + meta.path),
      encoding,
    );
  }
  const robots = await get('/robots.txt');
  assert.is(robots, `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${SHOP}/sitemap.xml\n`);
});

test('once the owner has set their own contacts, no public page says loopbot.id', async () => {
  const cookie = await loginCookie(server.url);
  const { storefront } = (await call(server.url, 'GET', '/api/storefront')).json as unknown as {
    storefront: Storefront;
  };
  const contacts = {
    ...storefront.contacts,
    support_email: 'halo@shop.example.id',
    facebook_url: '',
    telegram_url: '',
  };
  const saved = await call(server.url, 'PUT', '/api/storefront', { cookie, body: { ...storefront, contacts } });
  assert.is(saved.status, 200, saved.text);
  for (const meta of PAGE_META) {
    const html = await get(meta.path);
    assert.not.ok(html.includes('loopbot.id'), `${meta.path} says loopbot.id`);
    assertAt(html, SHOP, meta.path, `${meta.path} after the save`);
  }
});

test('a new PUBLIC_URL is followed at the next start, without a rebuild', async () => {
  const { dataDir } = server;
  await server.close({ remove: false });
  server = await startServer({ PUBLIC_URL: 'http://toko.pembeli.id:8080/' }, { dataDir });
  for (const meta of PAGE_META)
    assertAt(await get(meta.path, 'br'), 'http://toko.pembeli.id:8080', meta.path, `${meta.path} after restart`);
  assert.match(await get('/robots.txt'), '\nSitemap: http://toko.pembeli.id:8080/sitemap.xml\n');
  assert.ok((await get('/sitemap.xml', 'gzip')).includes('<loc>http://toko.pembeli.id:8080/tutorial</loc>'));
});

test('the build bakes neither loopbot.id nor example.com into the addresses of its pages', async () => {
  const manifest = JSON.parse(await readFile(join(DIST, 'manifest.json'), 'utf8')) as BuildManifest;
  assert.ok(manifest.publicUrl, 'the manifest names the address the pages were rendered with');
  const files = (await readdir(join(DIST, 'public'))).filter((file) => /\.(html|xml|txt)$/.test(file));
  assert.ok(files.length >= PAGE_META.length + 2);
  for (const file of files) {
    const text = await readFile(join(DIST, 'public', file), 'utf8');
    assert.not.ok(text.includes('example.com'), `${file} names example.com`);
    if (file.endsWith('.html'))
      assert.not.ok(/<head>.*loopbot\.id.*<\/head>/s.test(text), `${file}: its head names loopbot.id`);
    else assert.not.ok(text.includes('loopbot.id'), `${file} names loopbot.id`);
  }
});

test.run();
