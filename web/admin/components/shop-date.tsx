import type { ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { formatInZone } from '../../../contract/rules/shop-time';
import { store } from '../state/store';

/**
 * A date as the owner reads it, in the shop's time zone. The zone is read from the snapshot, so a
 * date already on screen is shown again when the zone arrives (GET /api/time-zone answers after
 * the lists on a reload).
 */
export function ShopDate({ value }: { value: string | null | undefined }): ReactElement {
  const { timeZone } = useSnapshot(store);
  const text = formatInZone(value, timeZone);
  return value && text !== value ? <time dateTime={value}>{text}</time> : <>{text}</>;
}
