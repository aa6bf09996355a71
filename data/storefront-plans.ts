/**
 * The plans the storefront sells (table `storefront_plans`): price, checkout link, the licence
 * length a paid plan gives, the product titles it has on the Lynk.id marketplace, and what its
 * price card shows. Lists (Lynk titles, perks) are JSON text: both engines store them alike, and
 * the few rows are always read whole.
 */
import type { Sql, SqlValue, Store, Transaction } from './store';
import type { PLAN_PRODUCTS, Word } from '../contract/rules/vocabulary';

export type PlanProduct = Word<typeof PLAN_PRODUCTS>;

export type PlanRow = {
  /** Stable slug: `loopbot-1-bulan`, `loopstream-set-2`, `combo`. */
  id: string;
  product: PlanProduct;
  name: string;
  /** Whole rupiah. */
  price_idr: number;
  /** The licence length the plan sells; null for Lifetime. */
  duration_days: number | null;
  /** Marketplace checkout page; empty only for a plan that is not available. */
  checkout_url: string;
  /** False: shown with a disabled button (Lifetime; docs/spec.md#plans-not-on-sale). */
  available: boolean;
  most_popular: boolean;
  /** Product titles of this plan on Lynk.id; a paid order names one of them. */
  lynk_titles: string[];
  /** One line under the price (the per-month price and saving are computed from the prices). */
  note: string;
  perks: string[];
  /** LoopStream capacity: streams at once per quality, and storage; null for other products. */
  streams_720p: number | null;
  streams_1080p: number | null;
  streams_4k: number | null;
  storage_gb: number | null;
};

/** What the owner may change; id, product, name and duration stay as seeded. */
export type PlanChange = Omit<PlanRow, 'product' | 'name' | 'duration_days'>;

type StoredPlan = Omit<PlanRow, 'available' | 'most_popular' | 'lynk_titles' | 'perks'> & {
  available: number;
  most_popular: number;
  lynk_titles: string;
  perks: string;
};

function textList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function toPlan(row: StoredPlan): PlanRow {
  return {
    id: row.id,
    product: row.product,
    name: row.name,
    price_idr: Number(row.price_idr),
    duration_days: row.duration_days === null ? null : Number(row.duration_days),
    checkout_url: row.checkout_url,
    available: Boolean(row.available),
    most_popular: Boolean(row.most_popular),
    lynk_titles: textList(row.lynk_titles),
    note: row.note,
    perks: textList(row.perks),
    streams_720p: row.streams_720p,
    streams_1080p: row.streams_1080p,
    streams_4k: row.streams_4k,
    storage_gb: row.storage_gb,
  };
}

const COLUMNS =
  'id, product, name, price_idr, duration_days, checkout_url, available, most_popular, lynk_titles, note, perks, streams_720p, streams_1080p, streams_4k, storage_gb';

const INSERT_COLUMNS = COLUMNS.replace(/^id, /, 'id, position, ') + ', updated_at';

/** Every plan in the order the pages show them. */
export async function listPlans(db: Sql): Promise<PlanRow[]> {
  const rows = await db.all<StoredPlan>(`SELECT ${COLUMNS} FROM storefront_plans ORDER BY position, id`);
  return rows.map(toPlan);
}

export function normalizeLynkTitle(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The plan one of whose Lynk titles is `title` (trimmed, any case); undefined when none is. */
export async function findPlanByLynkTitle(db: Sql, title: string): Promise<PlanRow | undefined> {
  const wanted = normalizeLynkTitle(title);
  if (wanted === '') return undefined;
  return (await listPlans(db)).find((plan) => plan.lynk_titles.some((known) => normalizeLynkTitle(known) === wanted));
}

/**
 * Writes the plans `seeds` names that are missing (first start, or a plan added by a later
 * release); never touches a plan that exists. Returns how many were added.
 */
export async function seedPlans(db: Store, seeds: readonly PlanRow[], at: string): Promise<number> {
  const existing = new Set((await db.all<{ id: string }>('SELECT id FROM storefront_plans')).map((row) => row.id));
  const missing = seeds.map((plan, position) => ({ plan, position })).filter(({ plan }) => !existing.has(plan.id));
  if (missing.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const { plan, position } of missing) {
      const values: SqlValue[] = [
        plan.id,
        position,
        plan.product,
        plan.name,
        plan.price_idr,
        plan.duration_days,
        ...editableValues(plan),
        at,
      ];
      // Instances starting together may both seed: the first one's rows stand.
      await tx.run(
        `INSERT INTO storefront_plans (${INSERT_COLUMNS})
         VALUES (${values.map(() => '?').join(', ')}) ON CONFLICT (id) DO NOTHING`,
        values,
      );
    }
  });
  return missing.length;
}

/** The columns the owner may change, in the order both the seed's INSERT and the save's UPDATE list them. */
function editableValues(plan: PlanChange): SqlValue[] {
  return [
    plan.checkout_url,
    plan.available ? 1 : 0,
    plan.most_popular ? 1 : 0,
    JSON.stringify(plan.lynk_titles),
    plan.note,
    JSON.stringify(plan.perks),
    plan.streams_720p,
    plan.streams_1080p,
    plan.streams_4k,
    plan.storage_gb,
  ];
}

/** Writes the owner's changes to existing plans (inside the caller's transaction). */
export async function updatePlansIn(tx: Transaction, changes: readonly PlanChange[], at: string): Promise<void> {
  for (const plan of changes) {
    await tx.run(
      `UPDATE storefront_plans SET price_idr = ?, checkout_url = ?, available = ?, most_popular = ?, lynk_titles = ?, note = ?,
         perks = ?, streams_720p = ?, streams_1080p = ?, streams_4k = ?, storage_gb = ?, updated_at = ? WHERE id = ?`,
      [plan.price_idr, ...editableValues(plan), at, plan.id],
    );
  }
}
