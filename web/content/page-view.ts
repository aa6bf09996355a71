/**
 * What each public page carries of the catalogue: only what it renders (before, the whole
 * catalogue, Lynk titles included, was in every page). Used by the server renderer only, so the
 * browser's code holds no list of every page's texts.
 */
import type {
  PagePlan,
  PageStorefront,
  Storefront,
  StorefrontPlan,
  StorefrontVideos,
} from '../../contract/calls/storefront';
import { shopDay, steadyOffset } from '../../contract/rules/shop-time';
import { PATHS } from '../../contract/rules/paths';
import { copyValues } from './catalogue-copy';
import { HELP_FAQ, LOOPBOT_FAQ } from './faq';
import type { LegalSection } from './legal';
import { PRIVACY_POLICY } from './privacy-policy';
import type { PlanProduct } from './storefront';
import { TERMS_OF_USE } from './terms-of-use';

type PageParts = {
  /** Products whose plans the page shows as price cards (and JSON-LD offers). */
  products?: PlanProduct[];
  videos?: Array<keyof StorefrontVideos>;
  earnings?: true;
  /** Fixed texts with catalogue tokens. */
  copy?: string[];
  /** A legal page: "last updated" is today. */
  today?: true;
  /** Offers the free trial (docs/spec.md#free-trial). */
  trial?: true;
  /** Shows times: in the shop's zone, whatever the device's. */
  zone?: true;
};

const legalTexts = (sections: readonly LegalSection[]): string[] =>
  sections.flatMap((section) => [...(section.paragraphs ?? []), ...(section.items ?? []), ...(section.after ?? [])]);

const PARTS: Record<string, PageParts> = {
  [PATHS.home]: { earnings: true, trial: true },
  [PATHS.loopBot]: {
    trial: true,
    products: ['loopbot'],
    videos: ['loopbot_demo'],
    copy: LOOPBOT_FAQ.flatMap((item) => [item.question, item.answer]),
  },
  [PATHS.loopStream]: { products: ['loopstream', 'combo'], videos: ['loopstream_demo'] },
  [PATHS.tutorial]: { videos: ['tutorial_setup', 'tutorial_client_secret'] },
  [PATHS.help]: {
    copy: HELP_FAQ.flatMap((category) => category.questions.flatMap((item) => [item.question, item.answer])),
  },
  [PATHS.termsOfUse]: { copy: legalTexts(TERMS_OF_USE), today: true },
  [PATHS.privacyPolicy]: { copy: legalTexts(PRIVACY_POLICY), today: true },
  [PATHS.licenses]: { zone: true },
};

const pagePlan = ({ lynk_titles: _titles, ...plan }: StorefrontPlan): PagePlan => plan;

export type RenderClock = { now: Date; timeZone: string };

/** The part of `storefront` the page at `path` renders; any other path (the 404 page) gets the contacts. */
export function pageView(path: string, storefront: Storefront, clock: RenderClock): PageStorefront {
  const parts = PARTS[path] ?? {};
  const view: PageStorefront = { contacts: { ...storefront.contacts } };
  if (parts.products)
    view.plans = storefront.plans.filter((plan) => parts.products!.includes(plan.product)).map(pagePlan);
  if (parts.videos) view.videos = Object.fromEntries(parts.videos.map((field) => [field, storefront.videos[field]]));
  if (parts.earnings) view.earnings_image = { ...storefront.earnings_image };
  if (parts.copy) {
    const copy = copyValues(parts.copy, storefront.plans.map(pagePlan), storefront.trial);
    if (Object.keys(copy).length > 0) view.copy = copy;
  }
  if (parts.trial) view.trial = { ...storefront.trial };
  if (parts.zone) view.time_zone = clock.timeZone;
  if (parts.today) {
    const { now, timeZone } = clock;
    view.today = { date: shopDay(now, timeZone), time_zone: timeZone, ...steadyOffset(now.getTime(), timeZone) };
  }
  return view;
}
