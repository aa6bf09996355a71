/**
 * Assembles one page's whole HTML document from its rendered body and the build manifest: head
 * tags, inlined CSS, the one script (the client entry, inline) and the JSON blocks. The build calls it for every
 * prerendered page; the server can call it the same way to re-render a page at runtime.
 */
import type { PageStorefront } from '../contract/storefront';
import { pageSourceFor, ROUTES } from './app';
import { CLIENT_ENTRY, PAGE_CHUNKS_ID } from '../contract/build-manifest';
import type { BuildManifest, ChunkFiles, PageChunks } from '../contract/build-manifest';
import { NOT_FOUND_META } from './content/page-meta';
import type { PageMeta } from './content/page-meta';
import { productJsonLd } from './content/product-json-ld';
import { STOREFRONT_DATA_ID } from './content/storefront';
import { ROUTE_STYLES_ID } from './page-loader';

const ADMIN_ENTRY = 'web/admin/entry.tsx';
/** What the client entry imports after the first paint: it hydrates the page. */
const HYDRATE_ENTRY = 'web/hydrate.tsx';
/** The modules hydrate.tsx imports one after another (see there). */
const HYDRATE_STAGES = ['web/hydrate-root.ts', 'web/app.tsx'];
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

/** Stylesheets of each route's own chunk, so client navigation can add them before rendering. */
function routeStyles(manifest: BuildManifest): Record<string, string[]> {
  const styles: Record<string, string[]> = {};
  for (const route of ROUTES) {
    const css = manifest.modules[pageSourceFor(route.path)]?.css ?? [];
    if (css.length > 0) styles[route.path] = css;
  }
  return styles;
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

/**
 * What a page's code is made of: the hydrating entry, the modules it imports one task after
 * another, and the page module (each with what it imports and its stylesheets).
 */
function pageParts(path: string, manifest: BuildManifest): ChunkFiles[] {
  const parts = [
    manifest.entries[HYDRATE_ENTRY],
    ...HYDRATE_STAGES.map((source) => manifest.modules[source]),
    manifest.modules[pageSourceFor(path)],
  ];
  return parts.filter((files): files is ChunkFiles => files !== undefined);
}

/**
 * The page's own chunks, which the client entry fetches all at once when the page is painted;
 * before that no script download competes with the document on a slow link.
 */
function pageChunks(path: string, manifest: BuildManifest): PageChunks | undefined {
  const main = manifest.entries[HYDRATE_ENTRY];
  if (!main) return undefined;
  return { main: main.js, preload: unique(pageParts(path, manifest).flatMap((files) => [files.js, ...files.imports])) };
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
  const chunks = pageChunks(meta.path, manifest);
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
      pageParts(meta.path, manifest).flatMap((files) => files.css),
      manifest,
    ),
    chunks ? clientEntry(manifest) : '',
    jsonLd ? `<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : '',
    chunks ? `<script type="application/json" id="${PAGE_CHUNKS_ID}">${scriptJson(chunks)}</script>` : '',
    `<script type="application/json" id="${ROUTE_STYLES_ID}">${scriptJson(routeStyles(manifest))}</script>`,
  ].join('');
  // The part of the catalogue the page was rendered with, after the content (only hydration and
  // client navigation read it): the browser's first render shows the same prices, links and contacts.
  const catalogue = `<script type="application/json" id="${STOREFRONT_DATA_ID}">${scriptJson(storefront)}</script>`;
  return `<!doctype html><html lang="id"><head>${head}</head><body><div id="root">${body}</div>${catalogue}</body></html>`;
}
