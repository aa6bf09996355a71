/**
 * What counts as an e-mail address, everywhere one is typed or received: a local part, `@`, a
 * domain with a dot and a top-level part of two characters or more, and none of the characters
 * that would break a mail header (`<>()[]\,;:"`) or spaces. Plain values: the browser checks the
 * buyer's box with it before the server does.
 */
export const EMAIL_PATTERN = '^[^\\s@<>()[\\]\\\\,;:"]+@[^\\s@<>()[\\]\\\\,;:"]+\\.[^\\s@<>()[\\]\\\\,;:".]{2,}$';

const EMAIL = new RegExp(EMAIL_PATTERN);

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}
