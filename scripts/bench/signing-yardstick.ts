/**
 * Validate beside what a signed answer costs at least, in the same run as the rest of
 * `npm run bench -- http`: the bare node:http baseline, Ed25519 signing alone on one thread, a
 * bare node:http server that reads the body and signs a payload of validate's size for each
 * answer (same bytes out), validate itself and the prompt search. Beside req/s, each server's CPU
 * per answer, read from /proc over the run: steadier than req/s on a shared machine.
 */
import { spawn } from 'node:child_process';
import { bareSigningServer, cpuSeconds, signingAlone } from './bare-servers';
import { benchDevice, benchKey } from './seed-bench-licenses';
import { runLoad } from './load-tool';
import type { LoadSpec } from './load-tool';
import { printServerFigures } from './server-figures';
import type { ServerFigures } from './server-figures';

export type Server = { pid: number; url: string };

function startBareSigning(answer: string): Promise<{ server: Server; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', bareSigningServer(answer)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => {
      const port = /:(\d+)/.exec(chunk.toString())?.[1];
      if (!port) return reject(new Error(`bare signing server: ${chunk.toString()}`));
      child.stdout.resume();
      resolve({ server: { pid: child.pid!, url: `http://127.0.0.1:${port}` }, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`bare signing server exited (${code})`)));
  });
}

async function row(name: string, server: Server, spec: LoadSpec): Promise<ServerFigures> {
  const before = cpuSeconds(server.pid);
  const figures = await runLoad(spec);
  const cpuMicros = ((cpuSeconds(server.pid) - before) * 1e6) / Math.max(1, figures.requests);
  return { name, figures, cpuMicros };
}

const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

/** Prints the table and the README's targets for validate and the prompt search at `connections`. */
export async function validateBesideSigning(
  app: Server,
  baseline: Server,
  options: { connections: number; seconds: number; licences: number },
): Promise<void> {
  const { connections, seconds } = options;
  const sample = await fetch(`${app.url}/api/license/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ license_key: benchKey(0), device_id: benchDevice(0), nonce: 'bench-nonce-sample' }),
  }).then((answer) => answer.text());
  const signing = await startBareSigning(sample);
  try {
    const validate = { count: options.licences };
    const base = await row('bare node:http (baseline)', baseline, { url: `${baseline.url}/`, connections, seconds });
    const alone = signingAlone(JSON.parse(sample).signature.payload.length as number);
    const bare = await row('bare node:http that signs', signing.server, {
      url: `${signing.server.url}/api/license/validate`,
      connections,
      seconds,
      validate,
    });
    const valid = await row('POST /api/license/validate', app, {
      url: `${app.url}/api/license/validate`,
      connections,
      seconds,
      validate,
    });
    const search = await row('GET /api/prompt/list?search=', app, {
      url: `${app.url}/api/prompt/list?page=1&per_page=12&search=piano%20dan`,
      connections,
      seconds,
    });
    console.log(
      `\nvalidate beside a bare signing server, ${connections} connections, ${seconds} s each (server CPU from /proc over each run)`,
    );
    printServerFigures([base, bare, valid, search], 34);
    console.log(
      `${'Ed25519 signing alone, one thread'.padEnd(34)} ${alone.perSecond.toFixed(0).padStart(7)} sig/s ${' '.repeat(17)} ${alone.cpuMicros.toFixed(0).padStart(14)}`,
    );
    const ratio = valid.figures.requestsPerSecond / bare.figures.requestsPerSecond;
    const ceiling = 2 * (alone.cpuMicros + base.cpuMicros);
    const searchRatio = search.figures.requestsPerSecond / base.figures.requestsPerSecond;
    console.log(`  validate / bare signing server req/s: ${ratio.toFixed(2)} (target ≥ 0.8: ${verdict(ratio >= 0.8)})`);
    console.log(
      `  validate CPU per answer ${valid.cpuMicros.toFixed(0)} µs; 2 × (signing ${alone.cpuMicros.toFixed(0)} + baseline ${base.cpuMicros.toFixed(0)}) = ${ceiling.toFixed(0)} µs (${verdict(valid.cpuMicros <= ceiling)})`,
    );
    console.log(
      `  validate p99 ${valid.figures.p99Ms.toFixed(1)} ms (target < 50: ${verdict(valid.figures.p99Ms < 50)})`,
    );
    console.log(
      `  prompt search / baseline req/s: ${searchRatio.toFixed(2)} (target ≥ 0.4: ${verdict(searchRatio >= 0.4)}), p99 ${search.figures.p99Ms.toFixed(1)} ms (target < 50: ${verdict(search.figures.p99Ms < 50)})`,
    );
  } finally {
    signing.stop();
  }
}
