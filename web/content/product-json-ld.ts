import { LOOPBOT_PLANS, LOOPSTREAM_PLANS } from './plans';
import { SITE_SETTINGS } from './site-settings';
import { checkoutUrl } from './checkout-url';
import { PATHS } from '../paths';

type JsonLd = Record<string, unknown>;

function offer(name: string, price: number, url: string, available = true): JsonLd {
  return {
    '@type': 'Offer',
    name,
    price: String(price),
    priceCurrency: 'IDR',
    url,
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
  };
}

/** schema.org Product data with one Offer per plan, for the two product pages. */
export function productJsonLd(path: string): JsonLd | undefined {
  const base = { '@context': 'https://schema.org', '@type': 'Product', brand: { '@type': 'Brand', name: 'LoopBOT' } };
  if (path === PATHS.loopBot) {
    return {
      ...base,
      name: 'LoopBOT',
      description: 'Software desktop untuk menjadwalkan, memulai, dan mengakhiri live YouTube secara otomatis.',
      url: SITE_SETTINGS.siteUrl + PATHS.loopBot,
      image: `${SITE_SETTINGS.siteUrl}/images/og-image.png`,
      offers: LOOPBOT_PLANS.map((plan) => offer(`LoopBOT ${plan.name}`, plan.price, checkoutUrl('loopbot', plan.name), !plan.comingSoon)),
    };
  }
  if (path === PATHS.loopStream) {
    return {
      ...base,
      name: 'LoopStream',
      description: 'Layanan streaming cloud YouTube 24/7 di server dedicated dengan uptime 99,9%.',
      url: SITE_SETTINGS.siteUrl + PATHS.loopStream,
      image: `${SITE_SETTINGS.siteUrl}/images/og-image.png`,
      offers: LOOPSTREAM_PLANS.map((plan) => offer(`LoopStream ${plan.name}`, plan.price, checkoutUrl('loopstream', plan.name))),
    };
  }
  return undefined;
}
