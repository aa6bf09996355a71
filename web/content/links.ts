import { storefront } from './storefront';

/** WhatsApp chat link with an optional pre-filled message (the owner's greeting by default). */
export function whatsappUrl(message?: string): string {
  const { whatsapp_number: number, whatsapp_greeting: greeting } = storefront().contacts;
  const text = message ?? greeting;
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

export function mailtoUrl(subject?: string): string {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return `mailto:${storefront().contacts.support_email}${query}`;
}

/** Fixed texts name the support address as `{support_email}`: it is the owner's, from the catalogue. */
export function withContacts(text: string): string {
  return text.replaceAll('{support_email}', storefront().contacts.support_email);
}
