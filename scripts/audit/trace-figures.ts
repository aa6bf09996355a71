/**
 * Figures of one page load from a Chromium trace (Chrome's Trace Event Format), read on the page's
 * renderer main thread only: other renderers (headless Chromium keeps a chrome:// WebUI renderer
 * busy beside the page) and worker threads (service worker, background compile) are not the page's
 * main-thread cost. Event names are the ones Chromium 156 emits here: module scripts show as
 * v8.compileModule / v8.evaluateModule (EvaluateScript / v8.compile for classic scripts), callbacks
 * as FunctionCall, TimerFire, RunMicrotasks and v8.callFunction (the scheduler's MessageChannel
 * tasks, where React hydrates), lazy compilation as V8.CompileCode with V8.ParseFunction inside.
 * Events nest (compiles inside evaluations, calls inside timers), so every figure is a measure of a
 * union of intervals, never a sum of durations:
 *   compile    = |C|, C = every compile or parse event;
 *   evaluation = |E ∪ C| − |C|, E = top-level script and module evaluation;
 *   hydration  = |E ∪ C ∪ K| − |E ∪ C|, K = callbacks (the React work after the modules ran);
 *   script     = |E ∪ C ∪ K|, the page's script main-thread time.
 * A task (RunTask) is "caused by the page's scripts" when script work (with the layout and style it
 * forces inside it) fills at least half of it. Figures are wall-clock time (what a visitor waits)
 * except scriptCpu, the same union on the thread clock (tts/tdur): on a loaded machine the wall
 * clock also counts the time the renderer waited for a core, the thread clock does not.
 */
import { pageSamples, samplesIn } from './trace-samples';
import type { PageSample } from './trace-samples';
import type { TraceEvent } from './trace-event';

export type TraceFigures = {
  script: number;
  /** The same on the thread's CPU clock: what the machine's other load did not stretch. */
  scriptCpu: number;
  evaluation: number;
  compile: number;
  hydration: number;
  longestTask: number;
  longestScriptTask: number;
  longScriptTasks: number;
  /** URL of the script with the most time in the longest task ('' when it ran none). */
  longestTaskUrl: string;
  /** The same for the longest task caused by the page's scripts. */
  longestScriptTaskUrl: string;
};

export const LONG_TASK_MS = 50;
const EVALUATION = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.run']);
const CALLBACKS = new Set([
  'FunctionCall',
  'v8.callFunction',
  'TimerFire',
  'RunMicrotasks',
  'FireIdleCallback',
  'FireAnimationFrame',
]);
const COMPILE = /^(v8\.compile|V8\.Compile|CompileScript$|CompileCode$|CompileModule$|V8\.ParseFunction|V8\.PreParse)/;

type Interval = [number, number];

/** Merged, sorted intervals covering the given ones. */
export function union(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Length of the union of `intervals` inside [from, to]. */
export function measure(intervals: Interval[], from = -Infinity, to = Infinity): number {
  return union(intervals).reduce(
    (sum, [start, end]) => sum + Math.max(0, Math.min(end, to) - Math.max(start, from)),
    0,
  );
}

/** The page's renderer main thread: where the main frame's navigation to `pageUrl` started. */
export function mainThreadOf(events: TraceEvent[], pageUrl: string): { pid: number; tid: number; start: number } {
  const starts = events.filter(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL === pageUrl,
  );
  const start = starts[starts.length - 1];
  if (!start) throw new Error(`no main-frame navigationStart for ${pageUrl} in the trace`);
  return { pid: start.pid, tid: start.tid, start: start.ts };
}

/**
 * The page's script events: those naming a script of the page's origin or holding a sample of the
 * page's code, then the unnamed ones (lazy compiles, microtasks) overlapping one of those. Blink's
 * own microtasks and compiles (a script-free twin has a few) do neither; a tool's injected scripts
 * name another origin.
 */
function pageScriptEvents(main: TraceEvent[], origin: string, samples: PageSample[]): TraceEvent[] {
  const kinds = main.filter(
    (event) => COMPILE.test(event.name) || EVALUATION.has(event.name) || CALLBACKS.has(event.name),
  );
  const unnamed = (event: TraceEvent): boolean => !event.args?.data?.url;
  const sampled = (event: TraceEvent): boolean => samplesIn(samples, event.ts, event.ts + event.dur!).length > 0;
  const direct = kinds.filter(
    (event) => event.args?.data?.url?.startsWith(origin) || (unnamed(event) && sampled(event)),
  );
  const anchors = union(direct.map((event) => [event.ts, event.ts + event.dur!]));
  const overlaps = (event: TraceEvent): boolean =>
    anchors.some(([start, end]) => start < event.ts + event.dur! && end > event.ts);
  const taken = new Set(direct);
  return [...direct, ...kinds.filter((event) => unnamed(event) && !taken.has(event) && overlaps(event))];
}

export function traceFigures(events: TraceEvent[], pageUrl: string): TraceFigures {
  const { pid, tid, start } = mainThreadOf(events, pageUrl);
  const origin = new URL(pageUrl).origin;
  const main = events.filter(
    (event) =>
      event.pid === pid && event.tid === tid && event.ph === 'X' && event.ts >= start && event.dur !== undefined,
  );
  const samples = pageSamples(events, pid, tid, origin);
  const page = pageScriptEvents(main, origin, samples);
  const span = (event: TraceEvent): Interval => [event.ts, event.ts + event.dur!];
  const compile = page.filter((event) => COMPILE.test(event.name)).map(span);
  const evaluation = page.filter((event) => EVALUATION.has(event.name)).map(span);
  const callbacks = page.filter((event) => CALLBACKS.has(event.name)).map(span);
  const compiled = [...compile, ...evaluation];
  const script = [...compiled, ...callbacks];
  const cpuSpan = (event: TraceEvent): Interval => [event.tts ?? 0, (event.tts ?? 0) + (event.tdur ?? 0)];
  const scriptCpu = page.filter((event) => event.tts !== undefined).map(cpuSpan);
  const ms = (us: number): number => us / 1000;

  const tasks = topLevel(main.filter((event) => event.name === 'RunTask'));
  let longest: TraceEvent | undefined;
  let longestScript: TraceEvent | undefined;
  let longScriptTasks = 0;
  for (const task of tasks) {
    if (!longest || task.dur! > longest.dur!) longest = task;
    const [from, to] = span(task);
    if (measure(script, from, to) * 2 < task.dur!) continue;
    if (!longestScript || task.dur! > longestScript.dur!) longestScript = task;
    if (ms(task.dur!) > LONG_TASK_MS) longScriptTasks++;
  }
  return {
    script: ms(measure(script)),
    scriptCpu: ms(measure(scriptCpu)),
    evaluation: ms(measure(compiled) - measure(compile)),
    compile: ms(measure(compile)),
    hydration: ms(measure(script) - measure(compiled)),
    longestTask: longest ? ms(longest.dur!) : 0,
    longestScriptTask: longestScript ? ms(longestScript.dur!) : 0,
    longScriptTasks,
    longestTaskUrl: longest ? busiestScriptUrl(page, samples, longest) : '',
    longestScriptTaskUrl: longestScript ? busiestScriptUrl(page, samples, longestScript) : '',
  };
}

/** Tasks not inside another one (a nested run loop records a RunTask within a RunTask). */
function topLevel(tasks: TraceEvent[]): TraceEvent[] {
  const sorted = [...tasks].sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const outer: TraceEvent[] = [];
  for (const task of sorted) {
    const last = outer[outer.length - 1];
    if (!last || task.ts >= last.ts + last.dur!) outer.push(task);
  }
  return outer;
}

/**
 * The page script that ran most inside `task`: by the profile's samples, else by the time of the
 * events naming a script ('' when none ran).
 */
function busiestScriptUrl(events: TraceEvent[], samples: PageSample[], task: TraceEvent): string {
  const end = task.ts + task.dur!;
  const counts = new Map<string, number>();
  for (const sample of samplesIn(samples, task.ts, end)) counts.set(sample.url, (counts.get(sample.url) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  if (top) return top[0];
  const inside = events.filter((event) => event.ts >= task.ts && event.ts < end);
  return busiest(inside, (event) => event.args?.data?.url ?? '', end);
}

function busiest(events: TraceEvent[], keyOf: (event: TraceEvent) => string, end: number): string {
  const byKey = new Map<string, Interval[]>();
  for (const event of events) {
    const key = keyOf(event);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), [event.ts, Math.min(end, event.ts + event.dur!)]]);
  }
  let best = '';
  let bestTime = 0;
  for (const [key, intervals] of byKey) {
    const time = measure(intervals);
    if (time > bestTime) [best, bestTime] = [key, time];
  }
  return best;
}
