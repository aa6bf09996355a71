/** One event of a Chromium trace (Chrome's Trace Event Format), as much of it as the audit reads. */
export type TraceEvent = {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) clock: time the thread ran, not the time it waited for a core. */
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean }; name?: string };
};
