/**
 * The "before → after" of an entry: only the fields that changed, each as short text for the
 * summary and as its value for the entry's before/after (docs/spec.md#activity-log).
 */
import { formatDateForPeople } from '../../contract/rules/shop-time';

export type FieldChanges = {
  /** `price_idr 150000 → 175000, checkout_url https://a → https://b`; '' when nothing changed. */
  summary: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

const VALUE_MAX = 60;
const SUMMARY_MAX = 400;
/** A value never stored in the log: keys holding passwords, secrets or tokens. */
const SECRET_KEY = /password|secret|token/i;
export const HIDDEN = '(hidden)';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A value as one short line: text as written, lists and objects as JSON, empty as `—`, long ones cut. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const line = text.replace(/\s+/g, ' ');
  return line.length > VALUE_MAX ? `${line.slice(0, VALUE_MAX - 1)}…` : line;
}

/** The summary, cut to a length a list row can show. */
export function clip(summary: string): string {
  return summary.length > SUMMARY_MAX ? `${summary.slice(0, SUMMARY_MAX - 1)}…` : summary;
}

/** The fields of `after` whose value differs from `before` (compared as JSON), under `prefix` (`plan loopbot-1-bulan `). */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): FieldChanges {
  const changes: FieldChanges = { summary: '', before: {}, after: {} };
  const parts: string[] = [];
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    const name = `${prefix}${key}`;
    const secret = isSecretKey(key);
    changes.before[name] = secret ? HIDDEN : (before[key] ?? null);
    changes.after[name] = secret ? HIDDEN : (after[key] ?? null);
    parts.push(secret ? `${name} changed` : `${name} ${shortValue(before[key])} → ${shortValue(after[key])}`);
  }
  changes.summary = clip(parts.join(', '));
  return changes;
}

/** Several objects' changes as one (the storefront's plans and values). */
export function mergeChanges(list: readonly FieldChanges[]): FieldChanges {
  return {
    summary: clip(
      list
        .map((item) => item.summary)
        .filter(Boolean)
        .join('; '),
    ),
    before: Object.assign({}, ...list.map((item) => item.before)) as Record<string, unknown>,
    after: Object.assign({}, ...list.map((item) => item.after)) as Record<string, unknown>,
  };
}

/** `expiry 1 December 2026 → 1 January 2027`: a moved expiry as people read it, in the shop's zone. */
export function expirySummary(old: string, next: string, zone: string): string {
  return `expiry ${formatDateForPeople(old, zone)} → ${formatDateForPeople(next, zone)}`;
}
