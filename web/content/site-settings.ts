/**
 * The site's own address and name. Everything the owner runs (prices, checkout links, contacts,
 * videos, the earnings screenshot) is the storefront catalogue in the database, changed in the
 * dashboard's Storefront tab (see storefront.ts); its shipped values are data/storefront-seed.ts.
 */
export type SiteSettings = {
  /** Public address of the site, used for canonical links, Open Graph and the sitemap. */
  siteUrl: string;
  brandName: string;
};

export const SITE_SETTINGS: SiteSettings = {
  siteUrl: 'https://loopbot.id',
  brandName: 'LoopBOT',
};
