import type { Transaction } from '../store';
import { insightByHandFill } from './by-hand-migration';
import { insightSummaryFill } from './summary-migration';

/**
 * The summaries the insights read, kept by triggers from the rows they count: never copied from
 * another store, always rebuilt from its rows (a copy inserts tables one by one, so triggers that
 * join two tables would see only the half that arrived first). Cleared in this order because
 * deleting from `insight_hours` takes its rows out of `insight_days` through a trigger.
 */
export const INSIGHT_SUMMARY_TABLES: readonly string[] = ['insight_shared', 'insight_hours', 'insight_days'];

/** Clears the summaries and fills them again from the rows in the store, inside the caller's transaction. */
export async function rebuildInsightSummariesIn(tx: Transaction, engine: 'sqlite' | 'postgres'): Promise<void> {
  for (const table of INSIGHT_SUMMARY_TABLES) await tx.run(`DELETE FROM ${table}`);
  const statements = (insightSummaryFill(engine) + insightByHandFill(engine))
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
  for (const statement of statements) await tx.run(statement);
}
