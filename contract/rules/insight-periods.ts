/**
 * The Insights view's periods and CSV tables as plain lists: the contract's schemas are built from
 * them and the admin imports them without the schema library.
 */
export const INSIGHT_PERIODS = ['7d', '30d', '90d', '365d', 'this_month', 'last_month'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
/** The period shown when none is picked (the admin's first view, a call without `period`). */
export const DEFAULT_INSIGHT_PERIOD: InsightPeriod = '30d';

export const INSIGHT_PERIOD_LABELS: Record<InsightPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 365 days',
  this_month: 'This month',
  last_month: 'Last month',
};

/** How revenue and the active line are cut: by day up to a month, by week for 90 days, by month for a year. */
export const INSIGHT_BUCKETS = ['day', 'week', 'month'] as const;
export type InsightBucket = (typeof INSIGHT_BUCKETS)[number];

export const CSV_TABLES = ['orders', 'licenses', 'loopstreams', 'outbox'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** Keys seen from at least this many devices in one shop day are listed as possibly shared. */
export const SHARING_DEVICES = 3;
/** ... or, in validate's sightings, from at least this many addresses. */
export const SHARING_ADDRESSES = 3;

/**
 * Days after an expiry within which a paid extension still counts as a renewal, and after a
 * reminder within which a paid extension counts as renewed by it. The released summary migration
 * (data/insights/summary-migration.ts) writes 7 into its triggers: a new value needs a new migration.
 */
export const RENEWAL_GRACE_DAYS = 7;
/** The Insights view lists the licences expiring within this many days from now. */
export const EXPIRING_SOON_DAYS = 30;
/** Days of validate's sightings kept: a quarter of a year of health, a few rows per active licence. */
export const SIGHTINGS_KEPT_DAYS = 92;
