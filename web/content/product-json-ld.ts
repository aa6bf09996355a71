import type { PagePlan } from '../../contract/storefront';
import { PATHS } from '../paths';
import { plansOf } from './storefront';

type JsonLd = Record<string, unknown>;

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
  const base = { '@context': 'https://schema.org', '@type': 'Product', brand: { '@type': 'Brand', name: 'LoopBOT' } };
  const image = `${publicUrl}/images/og-image.png`;
  if (path === PATHS.loopBot) {
    return {
      ...base,
      name: 'LoopBOT',
      description: 'Software desktop untuk menjadwalkan, memulai, dan mengakhiri live YouTube secara otomatis.',
      url: publicUrl + PATHS.loopBot,
      image,
      offers: plansOf('loopbot').map((plan) => offer('LoopBOT', plan)),
    };
  }
  if (path === PATHS.loopStream) {
    return {
      ...base,
      name: 'LoopStream',
      description: 'Layanan streaming cloud YouTube 24/7 di server dedicated dengan uptime 99,9%.',
      url: publicUrl + PATHS.loopStream,
      image,
      offers: plansOf('loopstream').map((plan) => offer('LoopStream', plan)),
    };
  }
  return undefined;
}
