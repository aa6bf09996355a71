import { fillCopy } from './catalogue-copy';
import { storefront } from './storefront';
import { whatsappChatLink } from '../../contract/rules/addresses';

/** WhatsApp chat link with an optional pre-filled message (the owner's greeting by default). */
export function whatsappUrl(message?: string): string {
  const { whatsapp_number: number, whatsapp_greeting: greeting } = storefront().contacts;
  return whatsappChatLink(number, message ?? greeting);
}

export function mailtoUrl(subject?: string): string {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return `mailto:${storefront().contacts.support_email}${query}`;
}

/** A fixed text with its catalogue tokens (`{support_email}`, `{price:<plan id>}`...) filled in: see catalogue-copy.ts. */
export function withCatalogue(text: string): string {
  const view = storefront();
  return fillCopy(text, view.copy, view.contacts);
}
