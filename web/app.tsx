import { useEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { LazyPage, markHydrated, prefetchPage } from './page-loader';
import type { PageLoader } from './page-loader';
import { PATHS } from './paths';
import './styles/site.css';

/** Every public route and its page chunk; each page is code-split and loaded on demand. */
/** `source` names the page module as the build manifest does, for preload tags. */
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

export const loadNotFound: PageLoader = () => import('./pages/not-found');
const NOT_FOUND_SOURCE = 'web/pages/not-found.tsx';

/** The chunk loader for a browser path (trailing slash ignored); unknown paths get the 404 page. */
export function loaderFor(pathname: string): PageLoader {
  return findRoute(pathname)?.load ?? loadNotFound;
}

/** The source module of the page a path shows. */
export function pageSourceFor(pathname: string): string {
  return findRoute(pathname)?.source ?? NOT_FOUND_SOURCE;
}

function findRoute(pathname: string): (typeof ROUTES)[number] | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((route) => route.path === path);
}

/** Client navigation: back to the top of the page (the title follows once the page has loaded: LazyPage). */
function NavigationEffects(): null {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      // A marker for tests and audits: the prerendered page is now interactive.
      document.getElementById('root')?.setAttribute('data-hydrated', '');
      markHydrated();
      return;
    }
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/**
 * Hovering or focusing an internal link starts loading that page's chunk. Not the prompt page:
 * its code (with IndexedDB and offline logic) loads only when the visitor actually goes there.
 */
function usePrefetchOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event): void => {
      const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
      const path = link?.getAttribute('href')?.split(/[?#]/)[0];
      const route = path && path !== PATHS.prompts ? ROUTES.find((item) => item.path === path) : undefined;
      if (route) prefetchPage(route.load, route.path);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, []);
}

export function App(): ReactElement {
  usePrefetchOnIntent();
  return (
    <>
      <a href="#main" className="skip-link">
        Langsung ke konten utama
      </a>
      <SiteHeader />
      <NavigationEffects />
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <LazyPage loader={route.load} path={route.path} />
          </Route>
        ))}
        <Route>
          <LazyPage loader={loadNotFound} />
        </Route>
      </Switch>
      <SiteFooter />
    </>
  );
}
