/**
 * Static twins for `npm run audit:pages`: each public page's prerendered HTML with every
 * stylesheet inlined and every script element and script preload removed, i.e. what the page
 * would cost as plain HTML. They are written into a copy of the build folder, under /twin/, so
 * that build's own server serves them beside the real pages with the same headers and compression:
 * whatever differs between a page and its twin is the page itself, not the serving.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { compressedTwins } from '../../api/http/public-files';

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
 * A copy of the build folder `distDir` (server, renderer, manifest and public/, so its own server
 * can serve it) with a twin of each route's page under public/twin/; returns the copy's folder.
 * The copy sits beside `distDir`, inside its tree, where the server's packages resolve.
 */
export async function buildTwins(distDir: string, routes: string[]): Promise<string> {
  const root = await mkdtemp(join(dirname(resolve(distDir)), 'audit-twins-'));
  await cp(distDir, root, { recursive: true });
  const publicDir = join(root, 'public');
  await mkdir(join(publicDir, TWIN_DIR), { recursive: true });
  const readCss = (href: string): Promise<string> => readFile(join(publicDir, href), 'utf8');
  for (const route of routes) {
    const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
    const twin = await staticTwin(await readFile(join(publicDir, file), 'utf8'), readCss);
    const target = join(publicDir, twinPath(route) + '.html');
    // Compressed as the build compresses pages, so both travel the same way.
    await writeFile(target, twin);
    const { br, gz } = compressedTwins(twin);
    await writeFile(`${target}.br`, br);
    await writeFile(`${target}.gz`, gz);
  }
  return root;
}
