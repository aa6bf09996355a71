import type { PlanProduct } from './storefront';
import { planNamed } from './storefront';

/**
 * Marketplace checkout link for a plan name. An unknown name falls back to LoopBOT 1 Bulan or
 * LoopStream Set 2, so a renamed plan never leads to a dead button.
 */
export function checkoutUrl(product: PlanProduct, planName: string): string {
  return planNamed(product, planName)?.checkout_url ?? '';
}
