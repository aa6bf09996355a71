import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHECKS, mustShowTable } from './must-show';
import type { RouteResult } from './must-show';
import { median, summarizeRuns } from './stats';

test('median of an odd count is the middle value, of an even count the mean of the two middle ones', () => {
  assert.is(median([300, 10, 20]), 20);
  assert.is(median([40, 10, 30, 20]), 25);
  assert.ok(Number.isNaN(median([])));
});

test('each figure is summarized on its own; a run without a figure is left out of it', () => {
  const summary = summarizeRuns([{ tbt: 100, fcp: 900 }, { tbt: 40 }, { tbt: 60, fcp: 700 }, {}]);
  assert.equal(summary.tbt, { median: 60, min: 40, max: 100, runs: 3 });
  assert.equal(summary.fcp, { median: 800, min: 700, max: 900, runs: 2 });
});

const figures = (values: Record<string, number>) => summarizeRuns([values]);
const TWIN = { tbt: 20, fcp: 1000, lcp: 1200, script: 0, longestScriptTask: 0, performance: 100 };

function result(route: string, page: Record<string, number>, jsBytes?: number): RouteResult {
  return {
    route,
    runs: 1,
    page: figures(page),
    twin: figures(TWIN),
    urls: {},
    ...(jsBytes === undefined ? {} : { js: { bytes: jsBytes, files: 1, notBrotli: [] } }),
  };
}

const PASSING = {
  tbt: 50,
  fcp: 1100,
  lcp: 1320,
  script: 40,
  longestScriptTask: 50,
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const verdicts = (row: RouteResult) => CHECKS.map((check) => check.judge(row).ok);

test('every Must-show point holds exactly at its limit on /', () => {
  assert.equal(verdicts(result('/', PASSING, 60 * 1024)), [true, true, true, true, true, true, true, true]);
});

test('one step past each limit fails that point alone', () => {
  const over: Array<[Partial<typeof PASSING>, number, number]> = [
    [{ tbt: 51 }, 60 * 1024, 0],
    [{ script: 41 }, 60 * 1024, 1],
    [{ longestScriptTask: 51 }, 60 * 1024, 2],
    [{}, 60 * 1024 + 1, 3],
    [{ fcp: 1101 }, 60 * 1024, 4],
    [{ lcp: 1321 }, 60 * 1024, 5],
    [{ performance: 97 }, 60 * 1024, 6],
    [{ seo: 92 }, 60 * 1024, 7],
  ];
  for (const [change, bytes, index] of over) {
    const expected = CHECKS.map((_, at) => at !== index);
    assert.equal(verdicts(result('/', { ...PASSING, ...change }, bytes)), expected, JSON.stringify(change));
  }
});

test('script time and JS size are targets only where the issue sets them; unmeasured points are –', () => {
  const help = verdicts(result('/help', { ...PASSING, script: 300 }, 200 * 1024));
  assert.equal(help, [true, undefined, true, undefined, true, true, true, true]);
  assert.equal(verdicts(result('/prompts', { script: 300 })), [
    undefined,
    false,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});

test('the table marks ✓ and ✗ and reports a failure', () => {
  const good = mustShowTable([result('/', PASSING, 1000)]);
  assert.not.ok(good.failed);
  assert.match(good.lines[1]!, /^\/\s+✓ 50\/20\s+✓ 40/);
  const bad = mustShowTable([result('/', { ...PASSING, tbt: 400 }, 1000)]);
  assert.ok(bad.failed);
  assert.match(bad.lines[1]!, /✗ 400\/20/);
});

test.run();
