/**
 * Assembles one page's whole HTML document from its rendered body and the build manifest: head
 * tags, inlined CSS, the one script (the client entry, inline) and the JSON blocks naming the
 * code of the page's islands. The build calls it for every
 * prerendered page; the server can call it the same way to re-render a page at runtime.
 */
import type { PageStorefront } from '../contract/calls/storefront';
import { pageSourceFor } from './app';
import { ADMIN_ENTRY, CLIENT_ENTRY, PAGE_CHUNKS_ID } from '../contract/build-manifest';
import type { BuildManifest, ChunkFiles, PageChunks } from '../contract/build-manifest';
import { NOT_FOUND_META } from './content/page-meta';
import type { PageMeta } from './content/page-meta';
import { productJsonLd } from './content/product-json-ld';
import { STOREFRONT_DATA_ID } from './content/storefront';
import { ISLAND_ATTR } from './islands/island-kit';
import type { IslandName } from './islands/island-kit';
import { ISLAND_SOURCES } from './islands/loaders';

/** What the client entry imports after the first paint: it hydrates the page's islands. */
const HYDRATE_ENTRY = 'web/hydrate.tsx';
/** React DOM's client, which hydrate.tsx imports before the first island (see there). */
const REACT_DOM = 'web/hydrate-root.ts';
/** The page tree's module: its stylesheet is the site's (each page module adds its own). */
const APP_MODULE = 'web/app.tsx';
export const THEME_COLOR = '#4f46e5';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside a script element: `<` escaped so no text can close the element. */
function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const unique = (items: string[]): string[] => [...new Set(items)];

function commonHead(title: string): string {
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="theme-color" content="${THEME_COLOR}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    '<link rel="manifest" href="/site.webmanifest">',
  ].join('');
}

/** The admin dashboard is rendered on the client only; its stylesheet may block its first paint. */
export function adminDocument(manifest: BuildManifest): string {
  const entry = manifest.entries[ADMIN_ENTRY];
  const styles = (entry?.css ?? []).map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const script = entry ? `<script type="module" src="${entry.js}"></script>` : '';
  return `<!doctype html><html lang="en"><head>${commonHead('Admin Dashboard')}<meta name="robots" content="noindex">${styles}${script}</head><body><div id="root"></div></body></html>`;
}

/**
 * The whole CSS the page needs, inline: the site's stylesheet is small (~6 KB brotli), so the HTML
 * stays within the first round trips of a new connection and nothing blocks the first paint. Each
 * block names its file, so the client never fetches a stylesheet the page already holds.
 */
function inlineStyles(hrefs: string[], manifest: BuildManifest): string {
  const texts = new Set<string>();
  let html = '';
  for (const href of unique(hrefs)) {
    const text = manifest.css[href];
    if (text === undefined) throw new Error(`stylesheet ${href} is missing from the build manifest`);
    // The bundler may emit the same CSS twice, for an entry and for a chunk it imports.
    if (texts.has(text)) continue;
    texts.add(text);
    html += `<style data-href="${href}">${text.replace(/<\/style/gi, '<\\/style')}</style>`;
  }
  return html;
}

/** The stylesheets' modules of a page: the site's, then the page module's own. */
function styleParts(path: string, manifest: BuildManifest): ChunkFiles[] {
  const parts = [manifest.modules[APP_MODULE], manifest.modules[pageSourceFor(path)]];
  return parts.filter((files): files is ChunkFiles => files !== undefined);
}

const chunkList = (files: ChunkFiles | undefined): string[] => (files ? [files.js, ...files.imports] : []);

/** The islands the rendered body holds, in document order. */
function islandsIn(body: string): IslandName[] {
  const names = [...body.matchAll(new RegExp(`${ISLAND_ATTR}="([a-z-]+)"`, 'g'))].map((match) => match[1]!);
  return unique(names) as IslandName[];
}

/**
 * The code of the page's islands, which the client entry fetches after the first paint: the
 * runtime and React DOM at once, each island's chunks when that island is due. A page loads
 * nothing of the islands it does not hold.
 */
function pageChunks(body: string, manifest: BuildManifest): PageChunks | undefined {
  const main = manifest.entries[HYDRATE_ENTRY];
  if (!main) return undefined;
  const islands: Record<string, string[]> = {};
  for (const name of islandsIn(body)) islands[name] = chunkList(manifest.entries[ISLAND_SOURCES[name]]);
  return { main: main.js, preload: unique([...main.imports, ...chunkList(manifest.modules[REACT_DOM])]), islands };
}

/**
 * The client entry (under a kilobyte; it waits for the page to be painted, see entry-client.tsx):
 * inline, so that nothing but the document and its images is fetched before the largest paint.
 * A build without its inline form names the file, at low priority.
 */
function clientEntry(manifest: BuildManifest): string {
  if (manifest.boot) return `<script type="module">${manifest.boot.code}</script>`;
  const entry = manifest.entries[CLIENT_ENTRY];
  return entry ? `<script type="module" src="${entry.js}" fetchpriority="low"></script>` : '';
}

/**
 * One public page: prerendered `body` inside the document the browser paints without waiting for anything. Its
 * addresses (canonical, Open Graph, JSON-LD) start with `publicUrl`, the shop's own address (PUBLIC_URL).
 */
export function publicDocument(
  meta: PageMeta,
  body: string,
  manifest: BuildManifest,
  storefront: PageStorefront,
  publicUrl: string,
): string {
  const chunks = pageChunks(body, manifest);
  const isNotFound = meta === NOT_FOUND_META;
  const url = escapeHtml(publicUrl + meta.path);
  const image = escapeHtml(`${publicUrl}/images/og-image.png`);
  const jsonLd = productJsonLd(meta.path, publicUrl);
  const head = [
    commonHead(meta.title),
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    isNotFound ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${url}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:locale" content="id_ID">',
    `<meta property="og:site_name" content="LoopBOT &amp; LoopStream">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    isNotFound ? '' : `<meta property="og:url" content="${url}">`,
    `<meta property="og:image" content="${image}">`,
    '<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">',
    '<meta name="twitter:card" content="summary_large_image">',
    inlineStyles(
      styleParts(meta.path, manifest).flatMap((files) => files.css),
      manifest,
    ),
    chunks ? clientEntry(manifest) : '',
    jsonLd ? `<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : '',
    chunks ? `<script type="application/json" id="${PAGE_CHUNKS_ID}">${scriptJson(chunks)}</script>` : '',
  ].join('');
  // The part of the catalogue the page was rendered with, after the content (only the islands read
  // it): their first render in the browser shows the same prices, links and contacts.
  const catalogue = `<script type="application/json" id="${STOREFRONT_DATA_ID}">${scriptJson(storefront)}</script>`;
  return `<!doctype html><html lang="id"><head>${head}</head><body><div id="root">${body}</div>${catalogue}</body></html>`;
}
