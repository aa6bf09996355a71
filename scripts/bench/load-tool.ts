/**
 * One HTTP load run with wrk (Debian's package) when it is installed, else autocannon. On these
 * 2-core machines the load tool shares the CPU with the server: autocannon (JavaScript) spends
 * more per request than most of our handlers and becomes what is measured; wrk (C) leaves the
 * server as the bottleneck. BENCH_TOOL=autocannon forces the fallback.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireOptionalTool } from '../optional-tools/optional-tool';
import { benchDevice, benchKey, validateLuaScript } from './seed-bench-licenses';

export type LoadSpec = {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** POST /api/license/validate, each request for the next of `count` seeded bench licences. */
  validate?: { count: number };
  /** More instances of the same server (wrk only): one wrk thread per instance, connections split evenly. */
  alsoUrls?: string[];
};

/** `requests`: answers in the whole run (for CPU per answer). */
export type LoadFigures = {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Requests the tool gave up waiting for (autocannon after 10 s, wrk after 2 s); also counted in `errors`. */
  timeouts: number;
  detail: string;
};

function hasWrk(): boolean {
  if (process.env.BENCH_TOOL === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
}

export const LOAD_TOOL = hasWrk() ? 'wrk' : 'autocannon';

function toMs(value: string, unit: string): number {
  const number = Number(value);
  return unit === 'us' ? number / 1000 : unit === 's' ? number * 1000 : number;
}

/** wrk's documented way to several servers: each thread connects to the address its setup() gives it. */
function roundRobinLua(urls: string[]): string {
  const hosts = urls.map((url) => `{"${new URL(url).hostname}", "${new URL(url).port}"}`).join(', ');
  return `
local hosts = { ${hosts} }
local made = 0
function setup(thread)
  local host = hosts[(made % #hosts) + 1]
  made = made + 1
  thread.addr = wrk.lookup(host[1], host[2])[1]
end
`;
}

async function runWrk(spec: LoadSpec): Promise<LoadFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-wrk-'));
  try {
    const urls = [spec.url, ...(spec.alsoUrls ?? [])];
    const args = [
      `-t${urls.length}`,
      `-c${spec.connections}`,
      `-d${Math.max(1, Math.round(spec.seconds))}s`,
      '--latency',
    ];
    for (const [name, value] of Object.entries(spec.headers ?? {})) args.push('-H', `${name}: ${value}`);
    const lua =
      (urls.length > 1 ? roundRobinLua(urls) : '') + (spec.validate ? validateLuaScript(spec.validate.count) : '');
    if (lua) {
      const script = join(dir, 'load.lua');
      await writeFile(script, lua);
      args.push('-s', script);
    }
    args.push(spec.url);
    const output = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { timeout: (spec.seconds + 30) * 1000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    const percentile = (label: string): number => {
      const match = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(output);
      return match ? toMs(match[1]!, match[2]!) : NaN;
    };
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
    const socketErrors = socket ? socket.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0;
    return {
      requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0),
      requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? 0),
      p50Ms: percentile('50'),
      p99Ms: percentile('99'),
      errors: non2xx + socketErrors,
      timeouts: Number(socket?.[4] ?? 0),
      detail: `non-2xx ${non2xx}${socket ? `, ${socket[0]}` : ''}`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type AutocannonResult = {
  statusCodeStats?: Record<string, { count: number }>;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function runAutocannon(spec: LoadSpec): Promise<LoadFigures> {
  const autocannon = requireOptionalTool<Autocannon>('autocannon');
  let next = 0;
  const validate = spec.validate;
  const requests = validate
    ? [
        {
          method: 'POST',
          path: '/api/license/validate',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request: Record<string, unknown>) => {
            const index = next++ % validate.count;
            const body = { license_key: benchKey(index), device_id: benchDevice(index), nonce: `bench-nonce-${next}` };
            return { ...request, body: JSON.stringify(body) };
          },
        },
      ]
    : undefined;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    headers: spec.headers,
    requests,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    timeouts: result.timeouts,
    detail: `errors ${result.errors}, timeouts ${result.timeouts}, statuses ${JSON.stringify(result.statusCodeStats ?? {})}`,
  };
}

export function runLoad(spec: LoadSpec): Promise<LoadFigures> {
  if (spec.alsoUrls?.length && LOAD_TOOL !== 'wrk') throw new Error('several instances need wrk (apt-get install wrk)');
  return LOAD_TOOL === 'wrk' ? runWrk(spec) : runAutocannon(spec);
}
