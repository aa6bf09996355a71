/**
 * The admin and the public pages are built apart: no script file a public page loads is one the
 * admin loads, so a rule both import never costs a public page a request, and none of the admin's
 * files is in the public pages' offline cache. Read from the build the tests run against.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN_ENTRY, PAGE_CHUNKS_ID } from '../../contract/build-manifest';
import type { BuildManifest, PageChunks } from '../../contract/build-manifest';
import { precacheUrls } from '../../web/offline/sw-rules';

const PUBLIC = join(process.env.BUILD_OUT || 'dist', 'public');

async function adminFiles(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(join(PUBLIC, '..', 'manifest.json'), 'utf8')) as BuildManifest;
  const entry = manifest.entries[ADMIN_ENTRY];
  if (!entry) throw new Error(`the build has no ${ADMIN_ENTRY}`);
  return [entry.js, ...entry.imports, ...entry.css];
}

/** Every script a prerendered public page names: the island runtime, its preloads, every island's chunks. */
async function publicPageScripts(): Promise<Map<string, string[]>> {
  const pages = (await readdir(PUBLIC)).filter((name) => name.endsWith('.html') && name !== 'admin.html');
  const scripts = new Map<string, string[]>();
  for (const name of pages) {
    const html = await readFile(join(PUBLIC, name), 'utf8');
    const block = html.match(new RegExp(`<script type="application/json" id="${PAGE_CHUNKS_ID}">(.*?)</script>`));
    if (!block) throw new Error(`${name} names no chunks`);
    const chunks = JSON.parse(block[1]!) as PageChunks;
    scripts.set(name, [chunks.main, ...chunks.preload, ...Object.values(chunks.islands).flat()]);
  }
  return scripts;
}

test('no public page loads a file the admin loads', async () => {
  const admin = new Set(await adminFiles());
  const pages = await publicPageScripts();
  assert.ok(pages.size >= 10, `only ${pages.size} public pages in ${PUBLIC}`);
  for (const [page, scripts] of pages) {
    assert.equal(
      scripts.filter((file) => admin.has(file)),
      [],
      `${page} loads files of the admin`,
    );
  }
});

test("the admin's files stay out of the public pages' offline cache", async () => {
  assert.equal(precacheUrls(await adminFiles()), []);
});

test.run();
