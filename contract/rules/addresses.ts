/**
 * Addresses people type or click, the same on the server and in the browser: e-mail addresses,
 * customers' http(s) links, and WhatsApp chat links.
 */

/**
 * What counts as an e-mail address, everywhere one is typed or received: a local part, `@`, a
 * domain with a dot and a top-level part of two characters or more, and none of the characters
 * that would break a mail header (`<>()[]\,;:"`) or spaces. The browser checks the buyer's box with
 * it before the server does.
 */
export const EMAIL_PATTERN = '^[^\\s@<>()[\\]\\\\,;:"]+@[^\\s@<>()[\\]\\\\,;:"]+\\.[^\\s@<>()[\\]\\\\,;:".]{2,}$';

const EMAIL = new RegExp(EMAIL_PATTERN);

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * Links customers click (the catalogue's checkout and contact links, the licence messages' links):
 * an http:// or https:// address with a host.
 */
export const HTTP_ADDRESS = '^https?://[^\\s/?#]+[^\\s]*$';

const ADDRESS = new RegExp(HTTP_ADDRESS, 'i');

/** An http(s) address, its scheme in any case. */
export function isHttpAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/** A setting whose key names a URL (`download_url`) holds a link that licence messages carry. */
export function isUrlKey(key: string): boolean {
  return key.includes('url');
}

/**
 * WhatsApp chat links, the same in e-mails, on the public pages and in the admin's orders:
 * `https://wa.me/<digits>`, with `text` pre-filled when given. Without a number it is WhatsApp's
 * own "send to..." page for the text, still better than a dead link on a page.
 */
export function whatsappChatLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
