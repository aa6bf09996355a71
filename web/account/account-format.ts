import { DEFAULT_TIME_ZONE, formatDateTimeForPeople, formatExpiryForCustomers } from '../../contract/shop-time';
import { LICENSE_TEXT } from '../content/account-text';

/** Buyers read every time in the shop's zone (WIB), as in their licence e-mail. */
export const SHOP_ZONE = DEFAULT_TIME_ZONE;

export const showTime = (iso: string | null): string => (iso ? formatDateTimeForPeople(iso, SHOP_ZONE, 'id') : '—');

/** `21 Januari 2027 (12 hari lagi)`. */
export const showExpiry = (iso: string, daysLeft: number, active: boolean): string =>
  `${formatExpiryForCustomers(iso, SHOP_ZONE)}${active ? ` (${LICENSE_TEXT.daysLeft(daysLeft)})` : ''}`;
