/**
 * The catalogue the pages show: prices, checkout links, contacts, videos, earnings screenshot.
 * It lives in the database and changes without a rebuild: the server renders each page with the
 * part of it that page shows (page-view.ts) and puts that part in the page as JSON, which the
 * browser's islands read before hydrating, so their first render matches the HTML.
 */
import type {
  EarningsImage,
  PagePlan,
  PageStorefront,
  StorefrontContacts,
  StorefrontPlan,
  StorefrontVideos,
} from '../../contract/calls/storefront';

/** Id of the JSON block that carries the page's part of the catalogue. */
export const STOREFRONT_DATA_ID = 'storefront-data';

export type PlanProduct = StorefrontPlan['product'];

/** What components read: the page's part, with empty values for what the page does not show. */
export type ShopView = {
  contacts: StorefrontContacts;
  plans: PagePlan[];
  videos: StorefrontVideos;
  earnings_image: EarningsImage;
  copy: Record<string, string>;
  today: PageStorefront['today'];
  trial: PageStorefront['trial'];
  time_zone: PageStorefront['time_zone'];
};

const EMPTY_CONTACTS: StorefrontContacts = {
  support_email: '',
  whatsapp_number: '',
  whatsapp_greeting: '',
  facebook_url: '',
  telegram_url: '',
};
const EMPTY_VIDEOS: StorefrontVideos = {
  loopbot_demo: '',
  loopstream_demo: '',
  tutorial_setup: '',
  tutorial_client_secret: '',
};
const EMPTY_IMAGE: EarningsImage = {
  webp_url: '',
  small_webp_url: '',
  png_url: '',
  width: 1280,
  height: 720,
  placeholder: true,
};

/** Set by the server renderer (and unit tests): every render uses it. */
let fixed: PageStorefront | undefined;
/** In the browser: each visited page's part, by path. */
const byPath = new Map<string, PageStorefront>();

/** `/help/` and `/help` are one page. */
const pageKey = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function current(): PageStorefront | undefined {
  if (fixed || typeof document === 'undefined') return fixed;
  const path = pageKey(location.pathname);
  const known = byPath.get(path);
  if (known || byPath.size > 0) return known;
  // First read: the block of the page the browser loaded.
  const text = document.getElementById(STOREFRONT_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    byPath.set(path, JSON.parse(text) as PageStorefront);
  } catch {
    return undefined;
  }
  return byPath.get(path);
}

/** The catalogue as the page being rendered shows it. */
export function storefront(): ShopView {
  const view = current();
  return {
    contacts: view?.contacts ?? EMPTY_CONTACTS,
    plans: view?.plans ?? [],
    videos: { ...EMPTY_VIDEOS, ...view?.videos },
    earnings_image: view?.earnings_image ?? EMPTY_IMAGE,
    copy: view?.copy ?? {},
    today: view?.today,
    trial: view?.trial,
    time_zone: view?.time_zone,
  };
}

/** The server renderer sets the page's part before rendering it. */
export function setStorefront(next: PageStorefront | undefined): void {
  fixed = next;
}

export function plansOf(product: PlanProduct): PagePlan[] {
  return storefront().plans.filter((plan) => plan.product === product);
}

/** A plan by its stable id (`loopbot-trial-4-hari`, `combo`), if this page shows it. */
export function planById(id: string): PagePlan | undefined {
  return storefront().plans.find((plan) => plan.id === id);
}
