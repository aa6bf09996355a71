/**
 * What the server renderer, the client entry and the island runtime agree on. An island is a part
 * of a prerendered page that React hydrates on its own: a container element naming its component
 * (`data-island`) and carrying its props as JSON (`data-props`). Everything outside islands stays
 * the server's HTML; React never renders it in the browser.
 */
export const ISLAND_ATTR = 'data-island';
export const PROPS_ATTR = 'data-props';
export const ISLAND_SELECTOR = `[${ISLAND_ATTR}]`;
/** Set on the container once the island's first render has committed (tests and audits wait for it). */
export const HYDRATED_ATTR = 'data-island-hydrated';
/** The class that takes the container out of the layout (`display: contents`, islands.css, imported by app.tsx after the site's CSS). */
export const ISLAND_CLASS = 'island';

/** Every island a public page can hold; each one's code is a chunk of its own (loaders.ts). */
export const ISLAND_NAMES = [
  'site-header',
  'visitor-counter',
  'earnings-proof',
  'promo-countdown',
  'purchase-notifications',
  'faq-accordion',
  'video-facade',
  'trial-section',
  'spintax-tester',
  'last-updated',
  'help-search',
  'prompts',
  'licenses',
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** The island's props as the server wrote them (`{}` when it has none). */
export function islandProps(container: Element): Record<string, unknown> {
  return JSON.parse(container.getAttribute(PROPS_ATTR) || '{}') as Record<string, unknown>;
}
