import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App, loaderFor, pageSourceFor, ROUTES } from './app';
import type { BuildManifest, ChunkFiles, PrerenderedPage } from './build-contract';
import { metaFor, NOT_FOUND_META, PAGE_META } from './content/page-meta';
import type { PageMeta } from './content/page-meta';
import { productJsonLd } from './content/product-json-ld';
import { SITE_SETTINGS } from './content/site-settings';
import { loadPage, ROUTE_STYLES_ID } from './page-loader';
import { PATHS } from './paths';

const CLIENT_ENTRY = 'web/entry-client.tsx';
const ADMIN_ENTRY = 'web/admin/entry.tsx';
const THEME_COLOR = '#4f46e5';

export const PAGES: PrerenderedPage[] = [
  ...PAGE_META.map(({ path, file }) => ({ path, file })),
  { path: NOT_FOUND_META.path, file: NOT_FOUND_META.file },
  { path: PATHS.admin, file: 'admin.html' },
];

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

function adminShell(manifest: BuildManifest): string {
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

function publicHead(meta: PageMeta, manifest: BuildManifest): string {
  const entry: ChunkFiles | undefined = manifest.entries[CLIENT_ENTRY];
  const page = manifest.modules[pageSourceFor(meta.path)];
  const isNotFound = meta === NOT_FOUND_META;
  const url = SITE_SETTINGS.siteUrl + meta.path;
  const image = `${SITE_SETTINGS.siteUrl}/images/og-image.png`;
  const styles = unique([...(entry?.css ?? []), ...(page?.css ?? [])]);
  const preloads = unique([...(entry?.imports ?? []), ...(page && page.js !== entry?.js ? [page.js, ...page.imports] : [])]);
  const jsonLd = productJsonLd(meta.path);
  return [
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
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    entry ? `<script type="module" src="${entry.js}"></script>` : '',
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
    jsonLd ? `<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : '',
    `<script type="application/json" id="${ROUTE_STYLES_ID}">${scriptJson(routeStyles(manifest))}</script>`,
  ].join('');
}

export async function renderPage(path: string, manifest: BuildManifest): Promise<string> {
  if (path === PATHS.admin) return adminShell(manifest);
  await loadPage(loaderFor(path));
  const body = renderToString(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
  return `<!doctype html><html lang="id"><head>${publicHead(metaFor(path), manifest)}</head><body><div id="root">${body}</div></body></html>`;
}

export function extraFiles(): Array<{ path: string; content: string }> {
  const site = SITE_SETTINGS.siteUrl;
  const urls = PAGE_META.map((meta) => `<url><loc>${site}${meta.path}</loc></url>`).join('');
  return [
    { path: 'sitemap.xml', content: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n` },
    { path: 'robots.txt', content: `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${site}/sitemap.xml\n` },
    {
      path: 'site.webmanifest',
      content: JSON.stringify({
        name: 'LoopBOT & LoopStream',
        short_name: 'LoopBOT',
        lang: 'id',
        start_url: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: THEME_COLOR,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      }),
    },
  ];
}
