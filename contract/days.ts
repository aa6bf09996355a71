/** The number of days an extend or shorten moves an expiry by: one rule for the admin's prompt and the server. */

/** 100 years: more is a typo, and it keeps every expiry inside the 4-digit years ISO strings sort by. */
export const MAX_DAYS = 36_500;
export const INVALID_DAYS = 'Please enter a valid number of days';
/** Days typed as text: digits only, spaces around them allowed. */
export const DAYS_TEXT_PATTERN = '^\\s*\\d{1,6}\\s*$';

const DAYS_TEXT = new RegExp(DAYS_TEXT_PATTERN);

/** A whole number of days from 1 to MAX_DAYS, as a number or a string of digits (spaces around it allowed); else undefined. */
export function readDays(value: unknown): number | undefined {
  const days =
    typeof value === 'number' ? value : typeof value === 'string' && DAYS_TEXT.test(value) ? Number(value) : NaN;
  return Number.isInteger(days) && days >= 1 && days <= MAX_DAYS ? days : undefined;
}
