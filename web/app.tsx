import type { ComponentType, ReactElement } from 'react';
import { SiteFooter } from './components/site-footer';
import { Island } from './islands/island';
import { PATHS } from '../contract/rules/paths';
import './styles/site.css';
import './islands/islands.css';
import { SiteHeader } from './components/site-header';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * Every public route and its page module, which the server renderer loads to prerender the page.
 * Browsers never run page modules: they hydrate the page's islands (web/islands) and nothing else,
 * and links between pages are plain links (the service worker answers them offline).
 * `source` names the page module as the build manifest does, for the page's own stylesheets.
 */
export const ROUTES: Array<{ path: string; source: string; load: PageLoader }> = [
  { path: PATHS.home, source: 'web/pages/home.tsx', load: () => import('./pages/home') },
  { path: PATHS.loopBot, source: 'web/pages/loop-bot.tsx', load: () => import('./pages/loop-bot') },
  { path: PATHS.loopStream, source: 'web/pages/loop-stream.tsx', load: () => import('./pages/loop-stream') },
  { path: PATHS.prompts, source: 'web/pages/prompts.tsx', load: () => import('./pages/prompts') },
  { path: PATHS.tutorial, source: 'web/pages/tutorial.tsx', load: () => import('./pages/tutorial') },
  { path: PATHS.help, source: 'web/pages/help.tsx', load: () => import('./pages/help') },
  { path: PATHS.privacyPolicy, source: 'web/pages/privacy-policy.tsx', load: () => import('./pages/privacy-policy') },
  { path: PATHS.termsOfUse, source: 'web/pages/terms-of-use.tsx', load: () => import('./pages/terms-of-use') },
  { path: PATHS.licenses, source: 'web/pages/licenses.tsx', load: () => import('./pages/licenses') },
];

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
