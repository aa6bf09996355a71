import type { ComponentType, ReactElement } from 'react';
import { SiteFooter } from './components/site-footer';
import { Island } from './islands/island';
import { PATHS, PUBLIC_PAGES } from '../contract/rules/paths';
import './styles/site.css';
import './islands/islands.css';
import { SiteHeader } from './components/site-header';
// After the stylesheets: the page modules' CSS follows the site's, as the cascade expects.
import { PAGE_MODULES } from './pages/page-modules';
import type { PageLoader } from './pages/page-modules';

/**
 * Every public route and its page module (contract/rules/paths.ts PUBLIC_PAGES, pages/page-modules.ts).
 * Browsers never run page modules: they hydrate the page's islands (web/islands) and nothing else,
 * and links between pages are plain links (the service worker answers them offline).
 */
export const ROUTES: Array<{ path: string; source: string; load: PageLoader }> = PUBLIC_PAGES.map((page) => ({
  path: PATHS[page],
  ...PAGE_MODULES[page],
}));

const loadNotFound: PageLoader = () => import('./pages/not-found');
const NOT_FOUND_SOURCE = 'web/pages/not-found.tsx';

function findRoute(pathname: string): (typeof ROUTES)[number] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((route) => route.path === path);
}

/** The page module for a path (trailing slash ignored); unknown paths get the 404 page. */
export function loaderFor(pathname: string): PageLoader {
  return findRoute(pathname)?.load ?? loadNotFound;
}

/** The source module of the page a path shows. */
export function pageSourceFor(pathname: string): string {
  return findRoute(pathname)?.source ?? NOT_FOUND_SOURCE;
}

/** The whole page as the server prerenders it: header (an island), the page, the footer. */
export function App({ path, Page }: { path: string; Page: ComponentType }): ReactElement {
  return (
    <>
      <a href="#main" className="skip-link">
        Langsung ke konten utama
      </a>
      <Island name="site-header" of={SiteHeader} props={{ path }} />
      <Page />
      <SiteFooter />
    </>
  );
}
