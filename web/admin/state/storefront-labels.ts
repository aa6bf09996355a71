/** What the owner reads for each field of the storefront catalogue: the tab, the banner and refusals share it. */
import type { Storefront, StorefrontPlan } from '../../../contract/calls/storefront';
import { PRODUCT_NAMES } from '../../../contract/rules/products';

export const CONTACT_LABELS: Record<keyof Storefront['contacts'], string> = {
  support_email: 'Support e-mail',
  whatsapp_number: 'WhatsApp number',
  whatsapp_greeting: 'WhatsApp greeting',
  facebook_url: 'Facebook page',
  telegram_url: 'Telegram link',
};

export const VIDEO_LABELS: Record<keyof Storefront['videos'], string> = {
  loopbot_demo: 'LoopBOT demo video',
  loopstream_demo: 'LoopStream demo video',
  tutorial_setup: 'Tutorial: installation and setup',
  tutorial_client_secret: 'Tutorial: client secret JSON',
};

export function planLabel(plan: Pick<StorefrontPlan, 'product' | 'name'>): string {
  return (plan.product === 'combo' ? plan.name : `${PRODUCT_NAMES[plan.product]} ${plan.name}`).trim();
}
