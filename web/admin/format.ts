const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** '05 Dec 2026, 14:30' in the browser's time zone; '—' for an empty or unreadable value. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE_TIME.format(date);
}

/** A datetime-local input value ('2026-12-05T14:30') as an ISO instant, or '' when unreadable. */
export function localInputToIso(value: string): string {
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/** The datetime-local value `days` ahead of now, a sensible default for new expiries. */
export function localInputDaysAhead(days: number, now: Date = new Date()): string {
  const date = new Date(now.getTime() + days * 86_400_000);
  const pad = (part: number): string => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}
