/**
 * The storefront's publisher: keeps the catalogue (read once per change) and, after a change here
 * or on another instance (PostgreSQL), renders every public page again with it and swaps them and
 * the screenshot files in (through StorefrontPages).
 */
import type { Storefront } from '../../contract/calls/storefront';
import { listPlans } from '../../data/storefront-plans';
import { readStorefrontValues } from '../../data/storefront-values';
import type { EarningsImageRow } from '../../data/storefront-values';
import type { CoreContext } from '../core-context';
import type { StaticFiles } from '../http/static-files';
import { builtPublicUrl, StorefrontPages } from './storefront-pages';
import type { EarningsFiles, RenderTimes } from './storefront-pages';
import { EARNINGS_PATHS, seedStorefront, storefrontView } from './storefront-view';
import { DEFAULT_TIME_ZONE } from '../../contract/rules/shop-time';

export const STOREFRONT_TOPIC = 'storefront';

type Cached = { version: number; storefront: Promise<Storefront>; image: Promise<EarningsImageRow | null> };

export class StorefrontPublisher {
  private cached: Cached | undefined;
  /** Set once the server's static table is handed over (attach); nothing is published before. */
  private pages: StorefrontPages | undefined;

  constructor(private readonly ctx: CoreContext) {}

  /** The catalogue now: read again only after a change (here or on another instance). */
  current(): Promise<Storefront> {
    return this.load().storefront;
  }

  /** Loads the page renderer ahead of a change (the signed-in owner is reading the catalogue to edit it). */
  warm(storefront: Storefront): void {
    this.pages?.warm(storefront);
  }

  /** After a committed change: other instances told, the pages rendered again. */
  async changed(): Promise<RenderTimes | undefined> {
    await this.ctx.db.changes.notify(STOREFRONT_TOPIC);
    return this.publish();
  }

  /** Another instance changed the catalogue: the pages follow; a failure is logged, the next change renders them. */
  changedElsewhere(): void {
    void this.publish().catch((error: unknown) =>
      this.ctx.log.error('storefront: pages could not be rendered after a change elsewhere', error),
    );
  }

  /** Hands the server's static table over; pages are rendered now if the catalogue, the shop's address or zone is not the build's. */
  async attach(statics: StaticFiles): Promise<StorefrontPages> {
    const { config, log } = this.ctx;
    this.pages = new StorefrontPages(statics, config.publicDir, log, {
      timeZone: config.timeZone,
      publicUrl: config.publicUrl,
    });
    // The build rendered the shipped catalogue at its own PUBLIC_URL, in the default zone: pages follow
    // the server's before they are served (the legal pages' date, the times on /lisensi).
    const sameAddress = (await builtPublicUrl(config.publicDir)) === config.publicUrl;
    const sameZone = config.timeZone === DEFAULT_TIME_ZONE;
    if (!sameAddress || !sameZone || JSON.stringify(await this.current()) !== JSON.stringify(seedStorefront())) {
      const times = await this.publish();
      if (times)
        log.info(`storefront: ${times.pages} pages rendered with the catalogue in ${Math.round(times.totalMs)} ms`);
    }
    return this.pages;
  }

  /** Every public page rendered again with the catalogue now, swapped in with the screenshot's files. */
  private async publish(): Promise<RenderTimes | undefined> {
    if (!this.pages) return undefined;
    const { storefront, image } = this.load();
    return this.pages.publish(await storefront, await this.earningsFiles(await image));
  }

  private load(): Cached {
    const { db } = this.ctx;
    const version = db.changes.version(STOREFRONT_TOPIC);
    if (this.cached?.version === version) return this.cached;
    const values = readStorefrontValues(db);
    const storefront = Promise.all([listPlans(db), values]).then(([plans, read]) => storefrontView(plans, read));
    const cached = { version, storefront, image: values.then((read) => read.earnings_image) };
    this.cached = cached;
    // A failed read is not kept.
    storefront.catch(() => {
      if (this.cached === cached) this.cached = undefined;
    });
    return cached;
  }

  /** The screenshot's three forms from the store's blobs, at the home page's addresses. */
  private async earningsFiles(image: EarningsImageRow | null): Promise<EarningsFiles> {
    if (!image) return [];
    const forms = [
      [EARNINGS_PATHS.webp, image.webp],
      [EARNINGS_PATHS.small_webp, image.small_webp],
      [EARNINGS_PATHS.png, image.png],
    ] as const;
    const files = await Promise.all(
      forms.map(async ([urlPath, name]) => ({ urlPath, body: await this.ctx.db.blobs.get(name) })),
    );
    return files.flatMap((file) => (file.body ? [{ urlPath: file.urlPath, body: Buffer.from(file.body) }] : []));
  }
}
