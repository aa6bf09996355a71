/**
 * One inbox, one free trial (docs/spec.md#free-trial): addresses a big free provider delivers to
 * the same inbox compare as one, by the provider's own documented rule and nothing more. Gmail's
 * help says dots in the name do not matter, `name+anything` reaches `name`, and googlemail.com is
 * the same mail as gmail.com. No other provider's rule is applied until it is checked in its own
 * documentation (Outlook.com's plus addressing is a candidate): those compare as typed.
 */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** The inbox an already normalised (trimmed, lower-cased) address reaches. */
export function inboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0 || !GMAIL.has(email.slice(at + 1))) return email;
  return `${email.slice(0, at).split('+')[0]!.replaceAll('.', '')}@gmail.com`;
}
