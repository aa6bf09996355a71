/**
 * The catalogue the pages show: prices, checkout links, contacts, videos, earnings screenshot.
 * It lives in the database and changes without a rebuild: the server renders each page with it
 * (setStorefront before rendering) and puts it in the page as JSON, which the browser reads
 * before hydrating, so the first render in the browser matches the HTML.
 */
import type { Storefront, StorefrontPlan } from '../../contract/storefront';

/** Id of the JSON block that carries the catalogue in every public page. */
export const STOREFRONT_DATA_ID = 'storefront-data';

export type PlanProduct = StorefrontPlan['product'];

/** Nothing to show: only a unit test that renders a page without a catalogue sees this. */
const EMPTY: Storefront = {
  plans: [],
  contacts: { support_email: '', whatsapp_number: '', whatsapp_greeting: '', facebook_url: '', telegram_url: '' },
  videos: { loopbot_demo: '', loopstream_demo: '', tutorial_setup: '', tutorial_client_secret: '' },
  earnings_image: { webp_url: '', small_webp_url: '', png_url: '', width: 1280, height: 720, placeholder: true },
};

let current: Storefront | undefined;

function readEmbedded(): Storefront | undefined {
  const text = typeof document === 'undefined' ? undefined : document.getElementById(STOREFRONT_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Storefront;
  } catch {
    return undefined;
  }
}

/** The catalogue this page was rendered with. */
export function storefront(): Storefront {
  current ??= readEmbedded();
  return current ?? EMPTY;
}

/** The server renderer sets the catalogue before rendering a page. */
export function setStorefront(next: Storefront): void {
  current = next;
}

export function plansOf(product: PlanProduct): StorefrontPlan[] {
  return storefront().plans.filter((plan) => plan.product === product);
}

/** The plan of that product and name; unknown names fall back to LoopBOT 1 Bulan or LoopStream Set 2 (SPEC §9). */
export function planNamed(product: PlanProduct, name: string): StorefrontPlan | undefined {
  const plans = plansOf(product);
  const fallback = product === 'loopstream' ? 'Set 2' : '1 Bulan';
  return plans.find((plan) => plan.name === name) ?? plans.find((plan) => plan.name === fallback) ?? plans[0];
}
