import { useEffect, useRef, useState } from 'react';
import type { ComponentType, ReactElement } from 'react';

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
  if (document.querySelector(`link[rel="stylesheet"][href="${name}"], style[data-href="${name}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** Loads a page chunk (and its own stylesheets) once; later renders get it synchronously. */
export async function loadPage(loader: PageLoader, path?: string): Promise<ComponentType> {
  const known = loaded.get(loader);
  if (known) return known;
  const [module] = await Promise.all([loader(), ...(path ? routeStyles(path).map(addStylesheet) : [])]);
  loaded.set(loader, module.default);
  return module.default;
}

/**
 * Renders a page chunk. The current page is loaded before hydration, so the first render matches
 * the prerendered HTML; other pages show an empty main area for the moment their chunk loads.
 */
export function LazyPage({ loader, path }: { loader: PageLoader; path?: string }): ReactElement {
  const [Page, setPage] = useState<ComponentType | undefined>(() => loaded.get(loader));
  const navigated = useRef(hydrated);
  useEffect(() => {
    if (Page && navigated.current) {
      navigated.current = false;
      focusHeading();
    }
  }, [Page]);
  useEffect(() => {
    let active = true;
    if (!loaded.has(loader)) {
      loadPage(loader, path).then(
        (component) => active && setPage(() => component),
        // A chunk that cannot be fetched (new deploy, network gone): let the browser load the URL itself.
        () => active && window.location.reload(),
      );
    }
    else setPage(() => loaded.get(loader));
    return () => {
      active = false;
    };
  }, [loader, path]);
  return Page ? <Page /> : <main id="main" className="page-loading" aria-busy="true" />;
}

export { ROUTE_STYLES_ID };

/** Warms a page chunk ahead of a likely click; failures are left for the real navigation. */
export function prefetchPage(loader: PageLoader, path?: string): void {
  if (!loaded.has(loader)) loadPage(loader, path).catch(() => undefined);
}
