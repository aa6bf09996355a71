import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';

// The shop's day, not the visitor's: prerendered public pages call no API, so they use the
// shop's default zone (TIME_ZONE's default, WIB).
const SHOP_TIME_ZONE = 'Asia/Jakarta';

/** `22 November 2026` as it is in Jakarta at `now`. */
export function shopDate(now: Date): string {
  return new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE }).format(now);
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
