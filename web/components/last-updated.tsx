import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { formatLongDate } from '../format';

// The shop's day, not the visitor's: prerendered public pages call no API, so they use the
// shop's default zone (TIME_ZONE's default, WIB). WIB is UTC+7 all year (no daylight saving since
// 1964), so the day is read from the clock moved by 7 hours, with no Intl (see format.ts).
const WIB_OFFSET_MS = 7 * 3600 * 1000;

/** `22 November 2026` as it is in Jakarta at `now`. */
export function shopDate(now: Date): string {
  return formatLongDate(new Date(now.getTime() + WIB_OFFSET_MS), true);
}

/** Today's date, filled in after hydration so the prerendered HTML never carries a stale one. */
export function LastUpdated(): ReactElement {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(shopDate(new Date())), []);
  return (
    <p className="last-updated">
      Terakhir diperbarui: <time data-testid="last-updated">{today ?? '…'}</time>
    </p>
  );
}
