/**
 * Setting the storefront up once: the first start writes the shipped plans; the publisher follows
 * changes made on other instances (PostgreSQL) as well as here.
 */
import { seedPlans } from '../../data/storefront-plans';
import { SEED_PLANS } from '../../data/storefront-seed';
import type { CoreContext } from '../core-context';
import { STOREFRONT_TOPIC, StorefrontPublisher } from './storefront-publisher';

export async function setupStorefront(ctx: CoreContext): Promise<StorefrontPublisher> {
  await seedPlans(ctx.db, SEED_PLANS, ctx.now().toISOString());
  const publisher = new StorefrontPublisher(ctx);
  ctx.db.changes.onRemote(STOREFRONT_TOPIC, () => publisher.changedElsewhere());
  return publisher;
}
