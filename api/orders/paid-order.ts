/**
 * A payment a marketplace confirmed, in the shop's own words: what recordPaidOrder takes. Each
 * marketplace's webhook (webhooks/) reads its payload, verifies it and maps it to this; orders
 * never see a marketplace's types.
 */

/** One line of the order as the buyer bought it; `price` is the marketplace's (not signed). */
export type PaidItem = { title: string; qty: number; price: number };

export type PaidOrder = {
  /** The marketplace's payment reference: one order per reference, however often it is delivered. */
  reference: string;
  /** The marketplace's id of the message that announced the payment. */
  messageId: string;
  /** What the marketplace's signature covered, as one string: a signature counts for one payment only. */
  signedString: string;
  /** What was paid, in whole rupiah (signed). */
  amountIdr: number;
  buyer: { name: string; email: string; phone: string };
  items: PaidItem[];
};
