/**
 * The table the HTTP benches print: one line a server, its load figures beside the server CPU each
 * answer cost (read from /proc over the run with bare-servers.ts cpuSeconds).
 */
import type { LoadFigures } from './load-tool';

export type ServerFigures = { name: string; figures: LoadFigures; cpuMicros: number };

/** `nameWidth`: the server names' column; an errored run is followed by what the load tool said. */
export function printServerFigures(rows: readonly ServerFigures[], nameWidth: number): void {
  console.log(
    'server'.padEnd(nameWidth),
    'req/s'.padStart(7),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'errors'.padStart(7),
    'CPU µs/answer'.padStart(14),
  );
  for (const { name, figures, cpuMicros } of rows)
    console.log(
      name.padEnd(nameWidth),
      figures.requestsPerSecond.toFixed(0).padStart(7),
      figures.p50Ms.toFixed(1).padStart(7),
      figures.p99Ms.toFixed(1).padStart(7),
      String(figures.errors).padStart(7),
      cpuMicros.toFixed(0).padStart(14),
      figures.errors ? `  (${figures.detail})` : '',
    );
}
