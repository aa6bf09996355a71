import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { storefront } from '../content/storefront';
import { shopDay } from '../../contract/shop-time';
import { formatLongDate } from '../format';

/** `22 November 2026` for `2026-11-22`. */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatLongDate(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)), true);
}

/**
 * Today's date (the legal pages show it: docs/spec.md#legal-pages). The page is rendered with the day it
 * was rendered on, so crawlers and visitors without scripts see a date and hydration matches;
 * after hydration it moves to today if the page was rendered on an earlier day.
 */
export function LastUpdated(): ReactElement {
  const rendered = storefront().today;
  const [day, setDay] = useState(rendered?.date ?? '');
  useEffect(() => {
    // shopDay calls Intl only here, after hydration (its first use loads ICU's data, see format.ts).
    if (rendered) setDay(shopDay(new Date(), rendered.time_zone));
  }, [rendered?.time_zone]);
  return (
    <p className="last-updated">
      {'Terakhir diperbarui: '}
      {day && (
        <time dateTime={day} data-testid="last-updated">
          {longDay(day)}
        </time>
      )}
    </p>
  );
}
