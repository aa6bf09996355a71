/** Medians and ranges of repeated runs: one figure at a time, so a figure's median may come from any run. */
export type Summary = { median: number; min: number; max: number; runs: number };
export type Runs = Array<Record<string, number>>;

/** The middle value; for an even count the mean of the two middle ones. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(values: number[]): Summary {
  return {
    median: median(values),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    runs: values.length,
  };
}

/** Each figure of the runs summarized on its own (figures missing from a run are left out of it). */
export function summarizeRuns(runs: Runs): Record<string, Summary> {
  const keys = [...new Set(runs.flatMap((run) => Object.keys(run)))];
  return Object.fromEntries(
    keys.map((key) => [
      key,
      summarize(runs.map((run) => run[key]).filter((value): value is number => value !== undefined)),
    ]),
  );
}
