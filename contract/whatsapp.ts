/** WhatsApp chat links, the same in e-mails, on the public pages and in the admin's orders. */

/** `https://wa.me/<digits>`, with `text` pre-filled when given; '' without a number. */
export function whatsappChatLink(number: string, text?: string): string {
  if (!number) return '';
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
