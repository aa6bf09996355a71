import type { AppType } from '../../contract/licenses';
import { SITE_SETTINGS } from './site-settings';
import type { SiteSettings } from './site-settings';

/**
 * Marketplace checkout link for a plan name. An unknown name falls back to LoopBOT 1 Bulan or
 * LoopStream Set 2, so a renamed plan never leads to a dead button.
 */
export function checkoutUrl(product: AppType, planName: string, settings: SiteSettings = SITE_SETTINGS): string {
  if (product === 'loopbot') {
    const links: Record<string, string> = settings.checkout.loopBot;
    return Object.hasOwn(links, planName) ? links[planName]! : settings.checkout.loopBot['1 Bulan'];
  }
  const links: Record<string, string> = settings.checkout.loopStream;
  return Object.hasOwn(links, planName) ? links[planName]! : settings.checkout.loopStream['Set 2'];
}
