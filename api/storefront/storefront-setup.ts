/**
 * What the storefront keeps between requests: the catalogue (read once per change), and the pages
 * and screenshot files it publishes. A change here, or on another instance (PostgreSQL), renders
 * the pages again; the first start writes the shipped plans.
 */
import type { Storefront } from '../../contract/storefront';
import { listPlans, seedPlans } from '../../data/storefront-plans';
import { SEED_PLANS } from '../../data/storefront-seed';
import { readStorefrontValues } from '../../data/storefront-values';
import type { EarningsImageRow } from '../../data/storefront-values';
import type { CoreContext } from '../core-context';
import type { StaticFiles } from '../http/static-files';
import { seedStorefront, storefrontView, EARNINGS_PATHS } from './storefront-view';
import { StorefrontPages } from './storefront-pages';
import type { EarningsFiles, RenderTimes } from './storefront-pages';

export const STOREFRONT_TOPIC = 'storefront';

export type StorefrontServices = {
  /** The catalogue now: read again only after a change (here or on another instance). */
  current(): Promise<Storefront>;
  /** After a committed change: pages rendered again, other instances told. */
  changed(): Promise<RenderTimes | undefined>;
  /** Loads the page renderer ahead of a change (the catalogue is being read for editing). */
  warm(storefront: Storefront): void;
  /** Hands the server's static table over; pages are rendered now if the catalogue is not the build's. */
  attach(statics: StaticFiles): Promise<StorefrontPages>;
};

export async function setupStorefront(ctx: CoreContext): Promise<StorefrontServices> {
  const { db, log } = ctx;
  await seedPlans(db, SEED_PLANS, ctx.now().toISOString());
  let cached: { version: number; storefront: Promise<Storefront>; image: Promise<EarningsImageRow | null> } | undefined;
  let pages: StorefrontPages | undefined;

  const load = (): NonNullable<typeof cached> => {
    const version = db.changes.version(STOREFRONT_TOPIC);
    if (cached?.version === version) return cached;
    const values = readStorefrontValues(db);
    const storefront = Promise.all([listPlans(db), values]).then(([plans, read]) => storefrontView(plans, read));
    cached = { version, storefront, image: values.then((read) => read.earnings_image) };
    // A failed read is not kept.
    storefront.catch(() => {
      if (cached?.storefront === storefront) cached = undefined;
    });
    return cached;
  };

  const earningsFiles = async (image: EarningsImageRow | null): Promise<EarningsFiles> => {
    if (!image) return [];
    const forms = [[EARNINGS_PATHS.webp, image.webp], [EARNINGS_PATHS.small_webp, image.small_webp], [EARNINGS_PATHS.png, image.png]] as const;
    const files = await Promise.all(forms.map(async ([urlPath, name]) => ({ urlPath, body: await db.blobs.get(name) })));
    return files.flatMap((file) => (file.body ? [{ urlPath: file.urlPath, body: Buffer.from(file.body) }] : []));
  };

  const publish = async (): Promise<RenderTimes | undefined> => {
    if (!pages) return undefined;
    const { storefront, image } = load();
    return pages.publish(await storefront, await earningsFiles(await image));
  };

  db.changes.onRemote(STOREFRONT_TOPIC, () => {
    void publish().catch((error: unknown) => log.error('storefront: pages could not be rendered after a change elsewhere', error));
  });

  return {
    current: () => load().storefront,
    warm: (storefront) => pages?.warm(storefront),
    async changed() {
      await db.changes.notify(STOREFRONT_TOPIC);
      return publish();
    },
    async attach(statics) {
      pages = new StorefrontPages(statics, ctx.config.publicDir, log, ctx.config.timeZone);
      // The build rendered the shipped catalogue: only a changed one needs rendering at start.
      if (JSON.stringify(await load().storefront) !== JSON.stringify(seedStorefront())) {
        const times = await publish();
        if (times) log.info(`storefront: ${times.pages} pages rendered with the catalogue in ${Math.round(times.totalMs)} ms`);
      }
      return pages;
    },
  };
}
