import { DEFAULT_TIME_ZONE, formatDateTimeForPeople, formatExpiryForCustomers } from '../../contract/rules/shop-time';
import { LICENSE_TEXT } from '../content/account-text';
import { storefront } from '../content/storefront';

/** Buyers read every time in the shop's zone (TIME_ZONE, WIB by default), as in their licence e-mail. */
export const shopZone = (): string => storefront().time_zone ?? DEFAULT_TIME_ZONE;

export const showTime = (iso: string | null): string => (iso ? formatDateTimeForPeople(iso, shopZone(), 'id') : '—');

/** `21 Januari 2027 (12 hari lagi)`. */
export const showExpiry = (iso: string, daysLeft: number, active: boolean): string =>
  `${formatExpiryForCustomers(iso, shopZone())}${active ? ` (${LICENSE_TEXT.daysLeft(daysLeft)})` : ''}`;
