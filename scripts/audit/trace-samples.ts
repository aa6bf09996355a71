/**
 * V8's CPU profile inside a trace (category disabled-by-default-v8.cpu_profiler): a `Profile` event
 * per profiled thread, then `ProfileChunk`s adding call-tree nodes and samples (node ids with time
 * deltas in µs from the profile's start, on the trace's clock). Used to say whose JavaScript ran
 * where the trace's own events carry no URL: microtasks, module evaluation, the scheduler's tasks.
 */
import type { TraceEvent } from './trace-event';

/** One sample that ran the page's code: when, and the innermost page script on its stack. */
export type PageSample = { ts: number; url: string };

type Frame = { url?: string; functionName?: string };
type ProfileNode = { id: number; parent?: number; callFrame: Frame };
type ProfileData = {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
};
type ProfileEvent = TraceEvent & { id?: string; args?: { data?: ProfileData } };

/** Samples of the thread `pid`/`tid` whose stack holds a script of `origin`, in time order. */
export function pageSamples(events: TraceEvent[], pid: number, tid: number, origin: string): PageSample[] {
  const profiles = (events as ProfileEvent[]).filter(
    (event) => event.name === 'Profile' && event.pid === pid && event.tid === tid,
  );
  const found: PageSample[] = [];
  for (const profile of profiles) {
    const chunks = (events as ProfileEvent[])
      .filter((event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profile.id)
      .sort((a, b) => a.ts - b.ts);
    const nodes = new Map<number, ProfileNode>();
    let time = profile.args?.data?.startTime ?? profile.ts;
    for (const chunk of chunks) {
      const data = chunk.args?.data;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const samples = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      samples.forEach((nodeId, index) => {
        time += deltas[index] ?? 0;
        const url = innermostUrl(nodes, nodeId, origin);
        if (url) found.push({ ts: time, url });
      });
    }
  }
  return found.sort((a, b) => a.ts - b.ts);
}

function innermostUrl(nodes: Map<number, ProfileNode>, nodeId: number, origin: string): string | undefined {
  for (let node = nodes.get(nodeId); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
    const url = node.callFrame.url;
    if (url?.startsWith(origin)) return url;
  }
  return undefined;
}

/** Index of the first sample at or after `ts` (samples in time order). */
export function firstSampleFrom(samples: PageSample[], ts: number): number {
  let low = 0;
  let high = samples.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (samples[middle]!.ts < ts) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The samples inside [from, to). */
export function samplesIn(samples: PageSample[], from: number, to: number): PageSample[] {
  const found: PageSample[] = [];
  for (let index = firstSampleFrom(samples, from); index < samples.length && samples[index]!.ts < to; index++)
    found.push(samples[index]!);
  return found;
}
