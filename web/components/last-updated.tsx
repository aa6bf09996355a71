import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { formatLongDate } from '../format';

/** Today's date, filled in after hydration so the prerendered HTML never carries a stale one. */
export function LastUpdated(): ReactElement {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(formatLongDate(new Date())), []);
  return (
    <p className="last-updated">
      Terakhir diperbarui: <time data-testid="last-updated">{today ?? '…'}</time>
    </p>
  );
}
