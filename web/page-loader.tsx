import { useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { useLocation } from 'wouter';
import { metaFor } from './content/page-meta';
import { hasPageStorefront, loadPageStorefront } from './content/storefront';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const loaded = new Map<PageLoader, ComponentType>();
let hydrated = false;

/** Called once the first render has committed: later page mounts come from client navigation. */
export function markHydrated(): void {
  hydrated = true;
}

/** After client navigation, screen reader and keyboard users start at the new page's heading. */
function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
const ROUTE_STYLES_ID = 'route-styles';

/** Stylesheets of lazily loaded page chunks, listed by the server renderer in a JSON block. */
function routeStyles(path: string): string[] {
  if (typeof document === 'undefined') return [];
  const block = document.getElementById(ROUTE_STYLES_ID);
  try {
    const map = JSON.parse(block?.textContent || '{}') as Record<string, string[]>;
    return map[path] ?? [];
  } catch {
    return [];
  }
}

/** Adds a stylesheet unless the page has it already, linked or inlined by the server renderer. */
function addStylesheet(href: string): Promise<void> {
  const name = CSS.escape(href);
  if (document.querySelector(`link[rel="stylesheet"][href="${name}"], style[data-href="${name}"]`))
    return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

async function loadChunk(loader: PageLoader, path?: string): Promise<ComponentType> {
  const known = loaded.get(loader);
  if (known) return known;
  const [module] = await Promise.all([loader(), ...(path ? routeStyles(path).map(addStylesheet) : [])]);
  loaded.set(loader, module.default);
  return module.default;
}

/**
 * Loads a page chunk (and its own stylesheets) once; later renders get it synchronously. With a
 * path, also that page's part of the catalogue (each page carries only its own).
 */
export async function loadPage(loader: PageLoader, path?: string): Promise<ComponentType> {
  const [component] = await Promise.all([loadChunk(loader, path), path ? loadPageStorefront(path) : undefined]);
  return component;
}

/** The page's component if it can render now: its chunk and its part of the catalogue are here. */
const readyPage = (loader: PageLoader, path: string): ComponentType | undefined =>
  hasPageStorefront(path) ? loaded.get(loader) : undefined;

/**
 * Renders a page chunk. The current page is loaded before hydration, so the first render matches
 * the prerendered HTML; other pages show an empty main area for the moment their chunk and data load.
 */
export function LazyPage({ loader, path }: { loader: PageLoader; path?: string }): ReactElement {
  const [location] = useLocation();
  const dataPath = path ?? location;
  const [Page, setPage] = useState<ComponentType | undefined>(() => readyPage(loader, dataPath));
  const navigated = useRef(hydrated);
  useEffect(() => {
    if (Page && navigated.current) {
      navigated.current = false;
      // Now that the page's part of the catalogue is here: a title with its prices.
      document.title = metaFor(dataPath).title;
      focusHeading();
    }
  }, [Page]);
  useEffect(() => {
    let active = true;
    const ready = readyPage(loader, dataPath);
    if (ready) setPage(() => ready);
    else {
      setPage(undefined);
      loadPage(loader, dataPath).then(
        (component) => active && setPage(() => component),
        // A chunk or page that cannot be fetched (new deploy, network gone): let the browser load the URL itself.
        () => active && window.location.reload(),
      );
    }
    return () => {
      active = false;
    };
  }, [loader, dataPath]);
  return Page ? <Page /> : <main id="main" className="page-loading" aria-busy="true" />;
}

export { ROUTE_STYLES_ID };

/** Warms a page chunk and its data ahead of a likely click; failures are left for the real navigation. */
export function prefetchPage(loader: PageLoader, path?: string): void {
  if (!loaded.has(loader) || (path !== undefined && !hasPageStorefront(path)))
    loadPage(loader, path).catch(() => undefined);
}
