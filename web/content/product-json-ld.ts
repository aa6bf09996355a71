import { PRODUCT_NAMES } from '../../contract/rules/products';
import type { APP_TYPES, Word } from '../../contract/rules/vocabulary';
import type { PagePlan } from '../../contract/calls/storefront';
import { PATHS } from '../../contract/rules/paths';
import { plansOf } from './storefront';

type JsonLd = Record<string, unknown>;

/** The two product pages, each describing one product. */
const PRODUCT_PAGES: { path: string; product: Word<typeof APP_TYPES>; description: string }[] = [
  {
    path: PATHS.loopBot,
    product: 'loopbot',
    description: 'Software desktop untuk menjadwalkan, memulai, dan mengakhiri live YouTube secara otomatis.',
  },
  {
    path: PATHS.loopStream,
    product: 'loopstream',
    description: 'Layanan streaming cloud YouTube 24/7 di server dedicated dengan uptime 99,9%.',
  },
];

function offer(product: string, plan: PagePlan): JsonLd {
  return {
    '@type': 'Offer',
    name: `${product} ${plan.name}`,
    price: String(plan.price_idr),
    priceCurrency: 'IDR',
    ...(plan.checkout_url ? { url: plan.checkout_url } : {}),
    availability: plan.available ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
  };
}

/** schema.org Product data with one Offer per plan of the catalogue, for the two product pages at the shop's address. */
export function productJsonLd(path: string, publicUrl: string): JsonLd | undefined {
  const page = PRODUCT_PAGES.find((entry) => entry.path === path);
  if (!page) return undefined;
  const name = PRODUCT_NAMES[page.product];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    brand: { '@type': 'Brand', name: 'LoopBOT' },
    name,
    description: page.description,
    url: publicUrl + page.path,
    image: `${publicUrl}/images/og-image.png`,
    offers: plansOf(page.product).map((plan) => offer(name, plan)),
  };
}
