import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App, loaderFor } from './app';
import type { Storefront } from '../contract/storefront';
import type { BuildManifest, PrerenderedPage, RenderOptions } from '../contract/build-manifest';
import { metaFor, NOT_FOUND_META, PAGE_META } from './content/page-meta';
import { SITE_SETTINGS } from './content/site-settings';
import { pageView } from './content/page-view';
import { setStorefront } from './content/storefront';
import { adminDocument, publicDocument, THEME_COLOR } from './page-document';
import { loadPage } from './page-loader';
import { PATHS } from './paths';
import { DEFAULT_TIME_ZONE } from '../contract/shop-time';

export const PAGES: PrerenderedPage[] = [
  ...PAGE_META.map(({ path, file }) => ({ path, file })),
  { path: NOT_FOUND_META.path, file: NOT_FOUND_META.file },
  { path: PATHS.admin, file: 'admin.html' },
];

/**
 * One page's complete HTML with this storefront catalogue: the build writes it to a file; the
 * server calls it again after the owner changes the catalogue.
 */
export async function renderPage(path: string, manifest: BuildManifest, storefront: Storefront, options?: RenderOptions): Promise<string> {
  if (path === PATHS.admin) return adminDocument(manifest);
  await loadPage(loaderFor(path));
  // The page renders, and carries, only its own part of the catalogue.
  const view = pageView(path, storefront, { now: options?.now ?? new Date(), timeZone: options?.timeZone ?? DEFAULT_TIME_ZONE });
  // Rendering is synchronous from here on: no other page's render can interleave.
  setStorefront(view);
  const body = renderToString(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
  return publicDocument(metaFor(path), body, manifest, view);
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
