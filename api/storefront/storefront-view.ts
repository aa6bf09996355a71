/** The catalogue as the API answers it and the pages are rendered from, and what is still a placeholder. */
import type { PublicStorefront, Storefront, StorefrontPlan } from '../../contract/calls/storefront';
import type { PlanRow } from '../../data/storefront-plans';
import { SEED_CONTACTS, SEED_PLANS, SEED_TRIAL, SEED_VIDEOS } from '../../data/storefront-seed';
import type { EarningsImageRow, StorefrontValues } from '../../data/storefront-values';

/** The home page's addresses of the screenshot; the shipped sample is a build file there. */
export const EARNINGS_PATHS = {
  webp: '/images/adsense-earnings.webp',
  small_webp: '/images/adsense-earnings-640.webp',
  png: '/images/adsense-earnings.png',
} as const;
const SAMPLE_SIZE = { width: 1280, height: 800 };

function earningsView(image: EarningsImageRow | null): Storefront['earnings_image'] {
  if (!image) {
    return {
      webp_url: EARNINGS_PATHS.webp,
      small_webp_url: EARNINGS_PATHS.small_webp,
      png_url: EARNINGS_PATHS.png,
      ...SAMPLE_SIZE,
      placeholder: true,
    };
  }
  // The addresses stay; the version makes browsers and the service worker fetch the new image.
  const version = `?v=${image.webp.slice(0, 12)}`;
  return {
    webp_url: EARNINGS_PATHS.webp + version,
    small_webp_url: EARNINGS_PATHS.small_webp + version,
    png_url: EARNINGS_PATHS.png + version,
    width: image.width,
    height: image.height,
    placeholder: false,
  };
}

function planView(plan: PlanRow): StorefrontPlan {
  return { ...plan, lynk_titles: [...plan.lynk_titles], perks: [...plan.perks] };
}

export function storefrontView(plans: readonly PlanRow[], values: StorefrontValues): Storefront {
  return {
    plans: plans.map(planView),
    contacts: { ...values.contacts },
    videos: { ...values.videos },
    earnings_image: earningsView(values.earnings_image),
    trial: { ...values.trial },
  };
}

/** What anyone may read of the catalogue: what the pages show, so no plan's Lynk.id titles (the shop's business). */
export function publicStorefront(storefront: Storefront): PublicStorefront {
  return { ...storefront, plans: storefront.plans.map(({ lynk_titles: _ownerOnly, ...plan }) => plan) };
}

/** The catalogue as shipped: what the build prerenders the pages with. */
export function seedStorefront(): Storefront {
  return storefrontView(SEED_PLANS, {
    contacts: SEED_CONTACTS,
    videos: SEED_VIDEOS,
    earnings_image: null,
    trial: SEED_TRIAL,
  });
}

const PLACEHOLDER_CONTACTS = ['support_email', 'whatsapp_number', 'facebook_url', 'telegram_url'] as const;

/**
 * What still holds the shipped sample, named as the API names fields: `contacts.whatsapp_number`,
 * `plans[loopbot-1-bulan].checkout_url`, `videos.loopbot_demo`, `earnings_image`.
 */
export function storefrontPlaceholders(storefront: Storefront): string[] {
  const found: string[] = [];
  for (const field of PLACEHOLDER_CONTACTS) {
    if (storefront.contacts[field] === SEED_CONTACTS[field]) found.push(`contacts.${field}`);
  }
  const seedLinks = new Map(SEED_PLANS.map((plan) => [plan.id, plan.checkout_url]));
  for (const plan of storefront.plans) {
    if (plan.available && plan.checkout_url === seedLinks.get(plan.id)) found.push(`plans[${plan.id}].checkout_url`);
  }
  for (const [field, id] of Object.entries(storefront.videos)) {
    if (id === SEED_VIDEOS[field as keyof typeof SEED_VIDEOS]) found.push(`videos.${field}`);
  }
  if (storefront.earnings_image.placeholder) found.push('earnings_image');
  return found;
}
