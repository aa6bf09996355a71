/**
 * The browser's way to each island's component: one dynamic import each, so esbuild gives every
 * island a chunk of its own and a page fetches only the code of the islands it holds.
 */
import type { ComponentType } from 'react';
import type { IslandName } from './island-kit';

// Props arrive as JSON from the page, checked by the server side's types (components.ts).
export type IslandComponent = ComponentType<any>;

export const ISLAND_LOADERS: Record<IslandName, () => Promise<IslandComponent>> = {
  'site-header': () => import('../components/site-header').then((module) => module.SiteHeader),
  'visitor-counter': () => import('../components/visitor-counter').then((module) => module.VisitorCounter),
  'earnings-proof': () => import('../components/earnings-proof').then((module) => module.EarningsProof),
  'promo-countdown': () => import('../components/promo-countdown').then((module) => module.PromoCountdown),
  'purchase-notifications': () =>
    import('../components/purchase-notifications').then((module) => module.PurchaseNotifications),
  'faq-accordion': () => import('../components/faq-list').then((module) => module.FaqAccordion),
  'video-facade': () => import('../components/video-facade').then((module) => module.VideoFacade),
  'trial-section': () => import('../account/trial-section').then((module) => module.TrialSection),
  'spintax-tester': () => import('../components/spintax-tester').then((module) => module.SpintaxTester),
  'last-updated': () => import('../components/last-updated').then((module) => module.LastUpdated),
  'help-search': () => import('../components/help-search').then((module) => module.HelpSearch),
  prompts: () => import('../prompts/prompts-view').then((module) => module.PromptsView),
  licenses: () => import('../account/licenses-view').then((module) => module.LicensesView),
};

/** The source module of each island, as the build manifest names it (for the page's preload list). */
export const ISLAND_SOURCES: Record<IslandName, string> = {
  'site-header': 'web/components/site-header.tsx',
  'visitor-counter': 'web/components/visitor-counter.tsx',
  'earnings-proof': 'web/components/earnings-proof.tsx',
  'promo-countdown': 'web/components/promo-countdown.tsx',
  'purchase-notifications': 'web/components/purchase-notifications.tsx',
  'faq-accordion': 'web/components/faq-list.tsx',
  'video-facade': 'web/components/video-facade.tsx',
  'trial-section': 'web/account/trial-section.tsx',
  'spintax-tester': 'web/components/spintax-tester.tsx',
  'last-updated': 'web/components/last-updated.tsx',
  'help-search': 'web/components/help-search.tsx',
  prompts: 'web/prompts/prompts-view.tsx',
  licenses: 'web/account/licenses-view.tsx',
};
