/**
 * Free trials counted apart from paid licences (docs/spec.md#free-trial): the dashboard's counts
 * and the Insights funnel (started, activated on a device, converted to a paid order). A trial its
 * device refused (the app's TRIAL_ALREADY_USED, recorded as a `validation_failed` event) and never
 * activated anywhere cannot be used: it is neither an active licence nor one about to expire.
 */
import type { Sql } from './store';
import { expiryAheadSql } from './licenses/status';

/** SQL: the licence `alias` is a free trial refused on its device and bound to none. */
export function refusedTrialSql(alias: string): string {
  return `(${alias}.device_id IS NULL AND EXISTS (SELECT 1 FROM trials rt WHERE rt.license_id = ${alias}.id)
    AND EXISTS (SELECT 1 FROM license_events re WHERE re.license_id = ${alias}.id AND re.type = 'validation_failed'
      AND re.data LIKE '%"TRIAL_ALREADY_USED"%'))`;
}

export type TrialStats = {
  /** Active licences that are not free trials. */
  paid_active_licenses: number;
  /** Active free trials the app accepts (refused ones left out). */
  trial_active_licenses: number;
  /** Free trials refused on their device and never activated. */
  trials_refused: number;
};

export async function trialStats(db: Sql, now: string): Promise<TrialStats> {
  const count = async (sql: string, params: string[] = []): Promise<number> =>
    Number((await db.get<{ n: number }>(sql, params))?.n ?? 0);
  const active = `l.status = 'active' AND ${expiryAheadSql('l.expired_date')}`;
  const activeAll = await count(`SELECT count(*) AS n FROM licenses l WHERE ${active}`, [now]);
  const trialsActive = await count(
    `SELECT count(*) AS n FROM trials t JOIN licenses l ON l.id = t.license_id WHERE ${active}`,
    [now],
  );
  const refusedActive = await count(
    `SELECT count(*) AS n FROM trials t JOIN licenses l ON l.id = t.license_id WHERE ${active} AND ${refusedTrialSql('l')}`,
    [now],
  );
  return {
    paid_active_licenses: activeAll - trialsActive,
    trial_active_licenses: trialsActive - refusedActive,
    trials_refused: await count(
      `SELECT count(*) AS n FROM trials t JOIN licenses l ON l.id = t.license_id WHERE ${refusedTrialSql('l')}`,
    ),
  };
}

export type TrialFunnel = { started: number; activated: number; converted: number; refused: number };

/** Trials started in [from, to), and how far each went by now. */
export async function trialFunnel(db: Sql, from: string, to: string): Promise<TrialFunnel> {
  const row = await db.get<Record<keyof TrialFunnel, number>>(
    `SELECT count(*) AS started,
       coalesce(sum(CASE WHEN EXISTS (SELECT 1 FROM trial_devices d WHERE d.license_id = t.license_id) THEN 1 ELSE 0 END), 0) AS activated,
       coalesce(sum(CASE WHEN EXISTS (SELECT 1 FROM licenses b JOIN order_licenses ol ON ol.license_id = b.id
           JOIN orders o ON o.id = ol.order_id
         WHERE lower(b.email) = t.email AND b.app_type = 'loopbot' AND o.created_at >= t.created_at) THEN 1 ELSE 0 END), 0) AS converted,
       coalesce(sum(CASE WHEN ${refusedTrialSql('l')} THEN 1 ELSE 0 END), 0) AS refused
     FROM trials t JOIN licenses l ON l.id = t.license_id WHERE t.created_at >= ? AND t.created_at < ?`,
    [from, to],
  );
  return {
    started: Number(row?.started ?? 0),
    activated: Number(row?.activated ?? 0),
    converted: Number(row?.converted ?? 0),
    refused: Number(row?.refused ?? 0),
  };
}
