/**
 * Phone numbers as wa.me wants them: digits only, country code first, 8 to 15 of them
 * (docs/spec.md#storefront-save). The shop's own number is typed by the owner, who is told when it
 * is not one, so only the marks people write numbers with are dropped; a buyer's number comes from
 * the marketplace as the buyer typed it and nobody can correct it, so anything but digits is
 * dropped and a number without a country code is read as Indonesian.
 */

export const WHATSAPP_NUMBER = /^[1-9][0-9]{7,14}$/;

/** The shop's number as typed (`+62 812-3456.7890`), without spaces, `+`, dots, dashes and brackets. */
export function withoutPhoneMarks(text: string): string {
  return text.replace(/[\s()+.-]/g, '');
}

/** A buyer's phone as wa.me digits: 0812…, 812… and +62 812… all become 62812…; '' when it cannot be a number. */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const international =
    digits.startsWith('62') || (phone.trim().startsWith('+') && !digits.startsWith('0'))
      ? digits
      : `62${digits.replace(/^0+/, '')}`;
  return WHATSAPP_NUMBER.test(international) ? international : '';
}
