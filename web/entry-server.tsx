import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App, loaderFor } from './app';
import type { Storefront } from '../contract/calls/storefront';
import type { BuildManifest, PrerenderedPage, RenderOptions } from '../contract/build-manifest';
import { metaFor, NOT_FOUND_META, PAGE_META } from './content/page-meta';
import { pageView } from './content/page-view';
import { setStorefront } from './content/storefront';
import { adminDocument, publicDocument, THEME_COLOR } from './page-document';
import { PATHS } from '../contract/rules/paths';
import { robotsTxt, sitemapXml } from './site-files';

export const PAGES: PrerenderedPage[] = [
  ...PAGE_META.map(({ path, file }) => ({ path, file })),
  { path: NOT_FOUND_META.path, file: NOT_FOUND_META.file },
  { path: PATHS.admin, file: 'admin.html' },
];

/**
 * One page's complete HTML with this storefront catalogue at the shop's address: the build writes it to a file; the
 * server calls it again at start when its PUBLIC_URL is not the build's, and after the owner changes the catalogue.
 */
export async function renderPage(
  path: string,
  manifest: BuildManifest,
  storefront: Storefront,
  options: RenderOptions,
): Promise<string> {
  if (path === PATHS.admin) return adminDocument(manifest);
  const { default: Page } = await loaderFor(path)();
  // The page renders, and carries, only its own part of the catalogue.
  const view = pageView(path, storefront, { now: options.now ?? new Date(), timeZone: options.timeZone });
  // Rendering is synchronous from here on: no other page's render can interleave.
  setStorefront(view);
  const body = renderToString(
    <Router ssrPath={path}>
      <App path={path} Page={Page} />
    </Router>,
  );
  return publicDocument(metaFor(path), body, manifest, view, options.publicUrl);
}

export function extraFiles(options: Pick<RenderOptions, 'publicUrl'>): Array<{ path: string; content: string }> {
  return [
    { path: 'sitemap.xml', content: sitemapXml(options.publicUrl) },
    { path: 'robots.txt', content: robotsTxt(options.publicUrl) },
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
