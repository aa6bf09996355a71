import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mainThreadOf, traceFigures } from './trace-figures';
import type { TraceEvent } from './trace-event';

const PAGE = 'http://127.0.0.1:3000/';
const ASSET = 'http://127.0.0.1:3000/assets/site.js';
const ms = 1000;

function x(name: string, ts: number, dur: number, more: Partial<TraceEvent> = {}): TraceEvent {
  return { name, ph: 'X', ts, dur, pid: 1, tid: 1, ...more };
}
const url = (href: string): Partial<TraceEvent> => ({ args: { data: { url: href } } });

/**
 * Task A (100 ms): compile 10, module evaluation 30 with a 5 ms lazy compile inside, microtasks 50
 * (React's work: no URL in the trace, only samples say whose). Task B (120 ms): layout with a 5 ms
 * microtask of Blink's own. Task C: an extension's function. Another renderer and the time before
 * the navigation are not the page's.
 */
function synthetic(withProfile = true): TraceEvent[] {
  const events: TraceEvent[] = [
    x('FunctionCall', -60 * ms, 10 * ms, url(ASSET)),
    {
      name: 'navigationStart',
      ph: 'R',
      ts: 0,
      pid: 1,
      tid: 1,
      args: { data: { documentLoaderURL: PAGE, isLoadingMainFrame: true } },
    },
    x('RunTask', 1 * ms, 100 * ms),
    x('v8.compileModule', 1 * ms, 10 * ms, { ...url(ASSET), tts: 100, tdur: 2000 }),
    x('v8.evaluateModule', 11 * ms, 30 * ms, { tts: 2100, tdur: 6000 }),
    x('V8.CompileCode', 15 * ms, 5 * ms, { tts: 2500, tdur: 1000 }),
    x('RunMicrotasks', 41 * ms, 50 * ms, { tts: 8100, tdur: 10000 }),
    x('RunTask', 200 * ms, 120 * ms),
    x('Layout', 200 * ms, 110 * ms),
    x('RunMicrotasks', 315 * ms, 5 * ms),
    x('RunTask', 400 * ms, 60 * ms),
    x('FunctionCall', 400 * ms, 60 * ms, url('chrome-extension://tool/inject.js')),
    x('RunTask', 0, 500 * ms, { pid: 2, tid: 2 }),
    x('FunctionCall', 0, 400 * ms, { pid: 2, tid: 2, ...url(ASSET) }),
  ];
  if (!withProfile) return events;
  const node = (id: number, frame: Record<string, string>, parent?: number) => ({ id, parent, callFrame: frame });
  const profile = [
    { name: 'Profile', ph: 'P', ts: 0, pid: 1, tid: 1, id: '0x1', args: { data: { startTime: 0 } } },
    {
      name: 'ProfileChunk',
      ph: 'P',
      ts: 1,
      pid: 1,
      tid: 9,
      id: '0x1',
      args: {
        data: {
          cpuProfile: {
            nodes: [
              node(1, { functionName: '(root)' }),
              node(2, { functionName: 'hydrate', url: ASSET }, 1),
              node(3, { functionName: '(native)' }, 2),
              node(4, { functionName: 'inject', url: 'chrome-extension://tool/inject.js' }, 1),
            ],
            samples: [3, 3, 3, 4],
          },
          timeDeltas: [20 * ms, 25 * ms, 15 * ms, 350 * ms],
        },
      },
    },
  ];
  return [...events, ...(profile as unknown as TraceEvent[])];
}

const close = (actual: number, expected: number): void =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

test('figures are unions on the page main thread, unnamed script work attributed by the profile', () => {
  const figures = traceFigures(synthetic(), PAGE);
  close(figures.compile, 15);
  close(figures.evaluation, 25);
  close(figures.hydration, 50);
  close(figures.script, 90);
  close(figures.scriptCpu, 18);
  close(figures.longestTask, 120);
  close(figures.longestScriptTask, 100);
  assert.is(figures.longScriptTasks, 1);
  assert.is(figures.longestTaskUrl, '');
  assert.is(figures.longestScriptTaskUrl, ASSET);
});

test('without samples, microtasks and module evaluation that name no script are not counted', () => {
  const figures = traceFigures(synthetic(false), PAGE);
  close(figures.script, 10);
  close(figures.hydration, 0);
  assert.is(figures.longScriptTasks, 0);
  assert.is(figures.longestScriptTaskUrl, '');
});

test('a trace without the page navigation is refused', () => {
  assert.throws(() => traceFigures(synthetic(), 'http://127.0.0.1:3000/other'), /navigationStart/);
});

// Reduced from real traces of /prompts and of a static twin (Chromium 156, 4× throttling): the
// page's main thread only, its script and task events, samples of the page's code.
const fixture = (name: string): TraceEvent[] =>
  JSON.parse(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url), 'utf8')) as TraceEvent[];

test('a recorded page load: parts add up, the long tasks are named by the page script that ran', () => {
  const events = fixture('audit-trace-prompts.json');
  const figures = traceFigures(events, 'http://127.0.0.1:3000/prompts');
  close(figures.script, figures.evaluation + figures.compile + figures.hydration);
  assert.ok(figures.hydration > figures.evaluation, 'React work after the modules ran is the larger part');
  assert.ok(figures.compile > 0 && figures.evaluation > 0);
  assert.ok(figures.scriptCpu > 0 && figures.scriptCpu < figures.script);
  assert.ok(figures.longScriptTasks >= 1);
  assert.ok(figures.longestScriptTask > 50 && figures.longestScriptTask <= figures.longestTask);
  assert.match(figures.longestScriptTaskUrl, /^http:\/\/127\.0\.0\.1:3000\//);
  const other = events.filter((event) => event.pid !== mainThreadOf(events, 'http://127.0.0.1:3000/prompts').pid);
  assert.ok(other.length > 0, 'the fixture keeps another renderer’s busy tasks, which must not count');
});

test('a recorded script-free twin: Blink’s own microtasks are not the page’s script', () => {
  const events = fixture('audit-trace-twin.json');
  assert.ok(events.some((event) => event.name === 'RunMicrotasks'));
  const figures = traceFigures(events, 'http://127.0.0.1:3000/twin/index');
  assert.is(figures.script, 0);
  assert.is(figures.longScriptTasks, 0);
  assert.ok(figures.longestTask > 0);
});

test.run();
