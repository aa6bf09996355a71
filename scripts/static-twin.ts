/**
 * Static twins for `npm run audit:pages`: each public page's prerendered HTML with every
 * stylesheet inlined and every script element and script preload removed, i.e. what the page
 * would cost as plain HTML. They are written into a copy of the build folder, under /twin/, so
 * the real server serves them beside the real pages with the same headers and compression:
 * whatever differs between a page and its twin is the page itself, not the serving.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const TWIN_DIR = 'twin';

/** The twin of one page's HTML; `readCss` gives the text of a linked stylesheet by its URL. */
export async function staticTwin(html: string, readCss: (href: string) => Promise<string>): Promise<string> {
  let twin = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link rel="modulepreload"[^>]*>/gi, '');
  for (const match of [...twin.matchAll(/<link rel="stylesheet" href="([^"]+)">/gi)]) {
    twin = twin.replace(match[0], `<style>${await readCss(match[1]!)}</style>`);
  }
  return twin;
}

/** URL path of a page's twin: `/` → `/twin/index`, `/help` → `/twin/help`. */
export function twinPath(route: string): string {
  return `/${TWIN_DIR}${route === '/' ? '/index' : route}`;
}

/**
 * A temporary copy of the build (`publicDir` and the manifest beside it, which the server reads
 * for its CSP) with a twin of each route's page; returns the copy's public folder.
 */
export async function buildTwins(publicDir: string, routes: string[]): Promise<string> {
  const dir = join(await mkdtemp(join(tmpdir(), 'loop-twins-')), 'public');
  await cp(publicDir, dir, { recursive: true });
  await cp(join(dirname(publicDir), 'manifest.json'), join(dirname(dir), 'manifest.json'));
  await mkdir(join(dir, TWIN_DIR));
  const readCss = (href: string): Promise<string> => readFile(join(publicDir, href), 'utf8');
  for (const route of routes) {
    const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
    const twin = await staticTwin(await readFile(join(publicDir, file), 'utf8'), readCss);
    const target = join(dir, twinPath(route) + '.html');
    // Compressed as the build compresses pages, so both travel the same way.
    await writeFile(target, twin);
    await writeFile(`${target}.br`, brotliCompressSync(twin, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${target}.gz`, gzipSync(twin, { level: 9 }));
  }
  return dir;
}
