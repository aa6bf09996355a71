/**
 * The benches' timing: a call run many times, each run building the answer text as the server
 * would send it. Wall time is what a caller waits; CPU time (this process only) is the work itself,
 * and stays readable when other processes load the machine's cores.
 */
export type Timing = { p50: number; p95: number; cpu50: number; cpu95: number };

const percentile = (values: readonly number[], share: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

export async function measure(
  run: () => Promise<unknown>,
  runs: number,
  warmups = Math.min(10, runs),
): Promise<Timing> {
  for (let index = 0; index < warmups; index++) JSON.stringify(await run());
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    JSON.stringify(await run());
    const used = process.cpuUsage(cpuStarted);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    p50: percentile(wall, 0.5),
    p95: percentile(wall, 0.95),
    cpu50: percentile(cpu, 0.5),
    cpu95: percentile(cpu, 0.95),
  };
}
