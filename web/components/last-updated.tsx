import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { storefront } from '../content/storefront';
import { dayAtOffset, formatDayForPeople, shopDay } from '../../contract/rules/shop-time';

/** `22 November 2026` for `2026-11-22`. */
export const longDay = (day: string): string => formatDayForPeople(day, 'id');

/**
 * Today's date (the legal pages show it: docs/spec.md#legal-pages). The page is rendered with the day it
 * was rendered on, so crawlers and visitors without scripts see a date and hydration matches;
 * after hydration it moves to today if the page was rendered on an earlier day.
 */
export function LastUpdated(): ReactElement {
  const rendered = storefront().today;
  const [day, setDay] = useState(rendered?.date ?? '');
  useEffect(() => {
    if (!rendered) return;
    const now = Date.now();
    // While the zone's offset is the one the page was rendered with, no Intl: its first use loads
    // ICU's data in a task of 30-50 ms (120-150 ms on a slow phone), see format.ts.
    setDay(
      now < Date.parse(rendered.until)
        ? dayAtOffset(now, rendered.offset_minutes)
        : shopDay(new Date(now), rendered.time_zone),
    );
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
