/**
 * The home page at 200 connections and the public prompt search at 50, each beside a bare
 * node:http server measured in the same run with the same load tool, in interleaved rounds (bare,
 * ours, bare, ours...): the machine is shared, its speed drifts by the minute, and a ratio is only
 * worth something between runs a few seconds apart. Medians over the rounds give the verdicts.
 * Beside req/s, each server's CPU per answer read from /proc: steadier than req/s here.
 * Yardsticks: BARE_SERVER (a 34-byte JSON, the README's baseline) and a bare server answering the
 * very head and body our `/` sends (brotli page and all our headers), and one answering our prompt
 * search's head and body: the cost of those bytes alone.
 * The server is left to finish its start-up work (page render, snapshot) before the first round.
 * BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_LICENSES (100000), BENCH_PROMPTS (2000); BENCH_CPU_PROF=<dir>
 * writes a V8 CPU profile of our server (from its start).
 * BENCH_OTHER=<pid>@<url>: a server already running (an older build on data of the same size)
 * measured in the same rounds, for a before/after table from one run.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ALLOCATOR_ENVIRONMENT } from '../../api/memory-tuning';
import { collectGarbage } from '../../data/sqlite/collect-garbage';
import { BARE_SERVER, bareReplayServer, cpuSeconds, quietProcess } from './bare-servers';
import { seedBenchData } from './seed-bench-data';
import { LOAD_TOOL, runLoad } from './load-tool';
import type { LoadFigures, LoadSpec } from './load-tool';
import { startChild, stopChildren } from './server-child';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LICENSES = Number(process.env.BENCH_LICENSES ?? 100_000);
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 2_000);
const DIST = resolve(process.env.BUILD_OUT || 'dist');
const SEARCH = '/api/prompt/list?page=1&per_page=12&search=piano%20dan';
/** What a browser sends; the bench's `/` asks for brotli as every browser does over http. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

type Server = { name: string; pid: number; url: string };

const OTHER_HOME = 'GET / (br) other server';
const OTHER_PLAIN = 'GET prompt search, other server';

function otherServer(): Server | undefined {
  const match = /^(\d+)@(http:\/\/\S+)$/.exec(process.env.BENCH_OTHER ?? '');
  return match ? { name: 'other', pid: Number(match[1]), url: match[2]!.replace(/\/$/, '') } : undefined;
}
type Row = { round: number; name: string; figures: LoadFigures; cpuMicros: number };

/** An answer's head as our server sends it, less what node:http adds to every answer itself. */
function recordedAnswer(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ headers: string[]; body: Buffer }> {
  return new Promise((done, fail) => {
    // node:http, not fetch: fetch would decompress the body.
    get(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const headers: string[] = [];
        for (let index = 0; index < answer.rawHeaders.length; index += 2) {
          const name = answer.rawHeaders[index]!;
          if (!/^(date|connection|keep-alive)$/i.test(name)) headers.push(name, answer.rawHeaders[index + 1]!);
        }
        done({ headers, body: Buffer.concat(chunks) });
      });
    }).on('error', fail);
  });
}

async function row(round: number, name: string, server: Server, spec: Omit<LoadSpec, 'url'> & { path: string }) {
  const before = cpuSeconds(server.pid);
  const figures = await runLoad({ ...spec, url: `${server.url}${spec.path}` });
  const cpuMicros = ((cpuSeconds(server.pid) - before) * 1e6) / Math.max(1, figures.requests);
  const result: Row = { round, name, figures, cpuMicros };
  console.log(
    String(round).padStart(5),
    name.padEnd(44),
    figures.requestsPerSecond.toFixed(0).padStart(7),
    figures.p50Ms.toFixed(1).padStart(7),
    figures.p99Ms.toFixed(1).padStart(8),
    String(figures.timeouts).padStart(8),
    String(figures.errors).padStart(7),
    cpuMicros.toFixed(0).padStart(8),
  );
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const mark = (ok: boolean): string => (ok ? '✓' : '✗');

/** Median figures of one row name over the rounds, and its req/s over its own round's bare row. */
function summary(rows: Row[], name: string, bare: string) {
  const mine = rows.filter((row) => row.name === name);
  const ratios = mine.map((row) => {
    const base = rows.find((other) => other.round === row.round && other.name === bare)!;
    return row.figures.requestsPerSecond / base.figures.requestsPerSecond;
  });
  return {
    ratio: median(ratios),
    p99: median(mine.map((row) => row.figures.p99Ms)),
    cpu: median(mine.map((row) => row.cpuMicros)),
    timeouts: mine.reduce((sum, row) => sum + row.figures.timeouts, 0),
    errors: mine.reduce((sum, row) => sum + row.figures.errors, 0),
  };
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'server.js'))) throw new Error(`no build in ${DIST}: run npm run build first`);
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-pages-'));
  const children: ChildProcess[] = [];
  try {
    await seedBenchData({ databaseUrl: undefined, dataDir }, { licences: LICENSES, prompts: PROMPTS });
    collectGarbage();
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const app = await startChild([...profile, join(DIST, 'server.js')], {
      ...ALLOCATOR_ENVIRONMENT,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password-1',
    });
    children.push(app.process);
    const bare = await startChild(['-e', BARE_SERVER], {});
    children.push(bare.process);
    const home = await recordedAnswer(`${app.url}/`, { 'accept-encoding': 'br' });
    const replay = await startChild(['-e', bareReplayServer(home.headers, home.body)], {});
    children.push(replay.process);
    const found = await recordedAnswer(`${app.url}${SEARCH}`);
    const searchReplay = await startChild(['-e', bareReplayServer(found.headers, found.body)], {});
    children.push(searchReplay.process);
    const server = (name: string, child: typeof app): Server => ({ name, pid: child.process.pid!, url: child.url });
    const [ours, base, same] = [server('ours', app), server('bare', bare), server('replay', replay)];
    const sameSearch = server('search replay', searchReplay);
    const other = otherServer();
    await quietProcess(ours.pid);

    const HOME = 'GET / (br) ours';
    const SAME = 'GET / bare server, our head and body';
    const BARE_200 = 'bare node:http, 34 B JSON, 200 conn.';
    const BARE_50 = 'bare node:http, 34 B JSON, 50 conn.';
    const PLAIN = 'GET prompt search, no Accept-Encoding';
    const BROTLI = 'GET prompt search as browsers ask (br)';
    const SEARCH_SAME = 'GET search, bare server, our head and body';
    console.log(
      `\nload by ${LOAD_TOOL}, ${SECONDS} s a row, ${ROUNDS} interleaved rounds; / at 200 connections, search at 50`,
    );
    console.log(
      'round',
      'row'.padEnd(44),
      'req/s'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(8),
      'timeouts'.padStart(8),
      'errors'.padStart(7),
      'CPU µs'.padStart(8),
    );
    const rows: Row[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const at200 = { connections: 200, seconds: SECONDS };
      const at50 = { connections: 50, seconds: SECONDS };
      rows.push(await row(round, BARE_200, base, { ...at200, path: '/' }));
      rows.push(await row(round, HOME, ours, { ...at200, path: '/', headers: BROWSER }));
      rows.push(await row(round, SAME, same, { ...at200, path: '/', headers: BROWSER }));
      rows.push(await row(round, BARE_50, base, { ...at50, path: '/' }));
      rows.push(await row(round, PLAIN, ours, { ...at50, path: SEARCH }));
      rows.push(await row(round, BROTLI, ours, { ...at50, path: SEARCH, headers: BROWSER }));
      rows.push(await row(round, SEARCH_SAME, sameSearch, { ...at50, path: SEARCH }));
      if (!other) continue;
      rows.push(await row(round, OTHER_HOME, other, { ...at200, path: '/', headers: BROWSER }));
      rows.push(await row(round, OTHER_PLAIN, other, { ...at50, path: SEARCH }));
    }
    const homeFigures = summary(rows, HOME, BARE_200);
    const sameFigures = summary(rows, SAME, BARE_200);
    const bare200 = summary(rows, BARE_200, BARE_200);
    const plain = summary(rows, PLAIN, BARE_50);
    const brotli = summary(rows, BROTLI, BARE_50);
    const bare50 = summary(rows, BARE_50, BARE_50);
    const searchSame = summary(rows, SEARCH_SAME, BARE_50);
    console.log(`\nmedians of ${ROUNDS} rounds (each ratio against the bare row of its own round)`);
    console.log(
      `${mark(homeFigures.timeouts === 0)} / at 200 connections: ${homeFigures.timeouts} timeouts, ${homeFigures.errors} errors in all rounds (bare: ${bare200.timeouts} timeouts)`,
    );
    console.log(
      `${mark(homeFigures.p99 < 100)} / at 200 connections: p99 ${homeFigures.p99.toFixed(0)} ms (target < 100; the bare server's own p99 here: ${bare200.p99.toFixed(0)} ms)`,
    );
    console.log(
      `${mark(homeFigures.ratio >= 0.7)} / at 200 connections: ${homeFigures.ratio.toFixed(2)} of the bare server (target ≥ 0.7); a bare server sending the same bytes: ${sameFigures.ratio.toFixed(2)}`,
    );
    console.log(
      `  CPU per answer: / ${homeFigures.cpu.toFixed(0)} µs, bare server with the same bytes ${sameFigures.cpu.toFixed(0)} µs, bare 34 B JSON ${bare200.cpu.toFixed(0)} µs`,
    );
    console.log(
      `${mark(plain.ratio >= 0.45 && plain.p99 < 50)} prompt search over ${PROMPTS.toLocaleString('en')} prompts, 50 connections: ${plain.ratio.toFixed(2)} of the bare server (target ≥ 0.45), p99 ${plain.p99.toFixed(0)} ms (target < 50; bare: ${bare50.p99.toFixed(0)} ms); a bare server sending the same bytes: ${searchSame.ratio.toFixed(2)}`,
    );
    console.log(
      `  as browsers ask it (br): ${brotli.ratio.toFixed(2)} of the bare server, p99 ${brotli.p99.toFixed(0)} ms; CPU per answer: plain ${plain.cpu.toFixed(0)} µs, br ${brotli.cpu.toFixed(0)} µs, bare server with the same bytes ${searchSame.cpu.toFixed(0)} µs, bare ${bare50.cpu.toFixed(0)} µs`,
    );
    if (other) {
      console.log(`\nthe other server (${other.url}) in the same rounds, against the same bare rows`);
      for (const [name, bareName] of [
        [OTHER_HOME, BARE_200],
        [OTHER_PLAIN, BARE_50],
      ] as const) {
        const figures = summary(rows, name, bareName);
        console.log(
          `  ${name}: ${figures.ratio.toFixed(2)} of the bare server, p99 ${figures.p99.toFixed(0)} ms, ${figures.timeouts} timeouts, CPU ${figures.cpu.toFixed(0)} µs per answer`,
        );
      }
    }
  } finally {
    await stopChildren(children);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
