/**
 * Each island's component, by name: the same components the browser's loaders (loaders.ts)
 * import. Its type checks that a page renders an island with the right component and props
 * (island.tsx imports it as a type only, so no page's code or stylesheets grow by it).
 */
import { LicensesView } from '../account/licenses-view';
import { TrialSection } from '../account/trial-section';
import { EarningsProof } from '../components/earnings-proof';
import { FaqAccordion } from '../components/faq-list';
import { HelpSearch } from '../components/help-search';
import { LastUpdated } from '../components/last-updated';
import { PromoCountdown } from '../components/promo-countdown';
import { PurchaseNotifications } from '../components/purchase-notifications';
import { SiteHeader } from '../components/site-header';
import { SpintaxTester } from '../components/spintax-tester';
import { VideoFacade } from '../components/video-facade';
import { VisitorCounter } from '../components/visitor-counter';
import { PromptsView } from '../prompts/prompts-view';
import type { IslandName } from './island-kit';

export const ISLAND_COMPONENTS = {
  'site-header': SiteHeader,
  'visitor-counter': VisitorCounter,
  'earnings-proof': EarningsProof,
  'promo-countdown': PromoCountdown,
  'purchase-notifications': PurchaseNotifications,
  'faq-accordion': FaqAccordion,
  'video-facade': VideoFacade,
  'trial-section': TrialSection,
  'spintax-tester': SpintaxTester,
  'last-updated': LastUpdated,
  'help-search': HelpSearch,
  prompts: PromptsView,
  licenses: LicensesView,
} satisfies Record<IslandName, unknown>;
