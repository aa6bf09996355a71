/**
 * One real-time Chromium trace of a page load at 4× CPU throttling (the audit's second judge beside
 * Lighthouse's simulation): a fresh context (cold cache, no service worker yet), CPU throttled over
 * CDP, DevTools' timeline categories recorded from before the navigation until the network has been
 * idle and a short settle has passed, so work deferred to idle time is inside the window too.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { traceFigures } from './trace-figures';
import type { TraceEvent } from './trace-event';

export const CPU_THROTTLING = 4;
/** After network idle: long enough for idle-time work (requestIdleCallback, observers) to run. */
const SETTLE_MS = 1000;
const PROFILER_START_MS = 500;

/** What DevTools' Performance panel records, plus V8's compile and execute events and its sampling profiler. */
const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'toplevel',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'blink.user_timing',
  'loading',
  '__metadata',
  'disabled-by-default-v8.cpu_profiler',
];

export type RecordedLoad = { events: TraceEvent[]; scriptUrls: string[] };

async function readStream(session: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = await session.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await session.send('IO.close', { handle });
  return text;
}

/** Loads `url` once under the trace; returns the events and the URLs of the scripts it fetched. */
export async function recordLoad(browser: Browser, url: string, rate = CPU_THROTTLING): Promise<RecordedLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const scriptUrls: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scriptUrls.push(response.url());
    });
    // A first stop on the same origin gives the page its renderer before tracing starts: V8's
    // profiler then samples the navigation from its first task (in a renderer started during the
    // trace it began seconds late).
    await page.goto(new URL('/robots.txt', url).href);
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate });
    const complete = new Promise<string>((resolve) =>
      session.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
    );
    await session.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    });
    // The renderer starts V8's profiler in a task of its own a little after Tracing.start.
    await page.evaluate(() => 0);
    await page.waitForTimeout(PROFILER_START_MS);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(SETTLE_MS);
    await session.send('Tracing.end');
    const text = await readStream(session, await complete);
    const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    return { events: Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []), scriptUrls };
  } finally {
    await context.close();
  }
}

export type TracePair = {
  page: Record<string, number>;
  twin: Record<string, number>;
  longestTaskUrl: string;
  longestScriptTaskUrl: string;
  scriptUrls: string[];
};

/** A page's load and then its twin's, each traced and reduced to its figures. */
export async function tracePair(browser: Browser, pageUrl: string, twinUrl: string): Promise<TracePair> {
  const page = await recordLoad(browser, pageUrl);
  const twin = await recordLoad(browser, twinUrl);
  const { longestTaskUrl, longestScriptTaskUrl, ...pageFigures } = traceFigures(page.events, pageUrl);
  // Seen under heavy load: a trace in which none of the scripts the page fetched ran on its main
  // thread. That is a failed recording, not a page without script cost.
  if (page.scriptUrls.length > 0 && pageFigures.evaluation + pageFigures.compile === 0)
    throw new Error('the trace shows none of the page’s scripts running');
  const {
    longestTaskUrl: _task,
    longestScriptTaskUrl: _scriptTask,
    ...twinFigures
  } = traceFigures(twin.events, twinUrl);
  return { page: pageFigures, twin: twinFigures, longestTaskUrl, longestScriptTaskUrl, scriptUrls: page.scriptUrls };
}
