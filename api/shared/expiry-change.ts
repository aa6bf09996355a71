/** Moving an expiry by a number of days, and the admin's message about it: licences, LoopStream access and orders alike. */
import { addDays } from './date-time';
import { formatDateTimeForPeople } from '../../contract/rules/shop-time';

export type ExpiryDirection = 'extend' | 'shorten';

export type ExpiryMove = {
  /** The new expiry from the current one (run inside the write's transaction). */
  next: (current: string) => string;
  /** `License extended by 30 days. New expiry: 14 February 2027 19:00 WIB`; `subject` is what changed. */
  message: (subject: string, newExpiry: string, zone: string) => string;
};

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

/**
 * Days added to an expiry count from the later of now and the expiry: time left is kept, and an
 * expiry already passed counts from now, not from the past date. Every extension follows it:
 * the admin's, LoopStream access and a paid order's licence.
 */
export function extendedExpiry(current: string, now: string, days: number): string {
  return addDays(current > now ? current : now, days);
}

export function expiryMove(count: number, direction: ExpiryDirection, now: string): ExpiryMove {
  let fromNow = false;
  return {
    next(current) {
      if (direction === 'shorten') return addDays(current, -count);
      fromNow = current <= now;
      return extendedExpiry(current, now, count);
    },
    message(subject, newExpiry, zone) {
      const text = `New expiry: ${formatDateTimeForPeople(newExpiry, zone)}`;
      if (direction === 'extend')
        return `${subject} extended by ${days(count)}${fromNow ? ' from now (it had expired)' : ''}. ${text}`;
      return `${subject} shortened by ${days(count)}. ${text}${newExpiry <= now ? ` (the ${subject.toLowerCase()} is now expired)` : ''}`;
    },
  };
}
