/**
 * What a buyer hears about an order the owner must finish: at once, that the payment arrived and
 * the order is being prepared (a LoopStream server to set up, an order to review), and, once a
 * LoopStream server is set up, its access details. Indonesian, like every customer-facing text.
 */
import { ACCOUNT_URL_KEY } from './message-settings';
import { withAccountLink } from './license-message';
import type { Settings } from './license-message';
import { helpLine } from './mail-messages';
import type { MailText } from './mail-messages';

type WaitingOrder = { ref_id: string; customer_name: string; items: ReadonlyArray<{ title: string; qty: number }> };

/** "Pembayaran diterima, kami sedang menyiapkan": sent in the order's own transaction when it needs the owner. */
export function orderReceivedMail(order: WaitingOrder, settings: Settings): MailText {
  const items = order.items.map((item) => (item.qty > 1 ? `${item.title} × ${item.qty}` : item.title)).join(', ');
  return {
    subject: 'Pembayaran diterima: pesanan Anda sedang kami siapkan',
    body: withAccountLink(
      [
        `Halo${order.customer_name ? ` ${order.customer_name}` : ''},`,
        '',
        `Terima kasih, pembayaran Anda untuk ${items || 'pesanan Anda'} sudah kami terima (ref ${order.ref_id}).`,
        '',
        'Pesanan Anda sedang kami siapkan. Detailnya kami kirim ke alamat e-mail ini segera setelah siap; Anda tidak perlu membayar lagi.',
        '',
        helpLine(settings),
      ].join('\n'),
      settings.get(ACCOUNT_URL_KEY),
    ),
  };
}

/** The LoopStream access file's text, e-mailed to the buyer once the owner set the server up. */
export function loopstreamAccessMail(accessText: string, settings: Settings): MailText {
  return {
    subject: 'Akses server LoopStream Anda sudah siap',
    body: withAccountLink(
      [
        'Halo,',
        '',
        'Server LoopStream Anda sudah siap. Berikut detail aksesnya:',
        '',
        accessText.trimEnd(),
        '',
        helpLine(settings),
      ].join('\n'),
      settings.get(ACCOUNT_URL_KEY),
    ),
  };
}
