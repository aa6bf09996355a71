import { SITE_SETTINGS } from './site-settings';

/** WhatsApp chat link with an optional pre-filled message. */
export function whatsappUrl(message: string = SITE_SETTINGS.whatsappGreeting): string {
  return `https://wa.me/${SITE_SETTINGS.whatsappNumber}?text=${encodeURIComponent(message)}`;
}

export function mailtoUrl(subject?: string): string {
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return `mailto:${SITE_SETTINGS.supportEmail}${query}`;
}
