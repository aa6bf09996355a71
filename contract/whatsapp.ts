/** WhatsApp chat links, the same in e-mails, on the public pages and in the admin's orders. */

/**
 * `https://wa.me/<digits>`, with `text` pre-filled when given. Without a number it is WhatsApp's
 * own "send to..." page for the text, still better than a dead link on a page.
 */
export function whatsappChatLink(number: string, text?: string): string {
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
