/**
 * bench-license-validate.ts's load: autocannon POSTing /api/license/validate, each request for
 * the next seeded bench licence, and the line it prints for one run.
 */
import { createRequire } from 'node:module';
import { benchDevice, benchKey } from './bench-licenses';

/** The part of autocannon's API used here (the package ships no types). */
export type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type LoadRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  setupRequest: (request: Record<string, unknown>) => Record<string, unknown>;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: LoadRequest[];
}) => Promise<LoadResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** `count`: how many bench licences are seeded (keys and devices from bench-licenses.ts). */
export async function loadValidate(
  port: number,
  run: { connections: number; seconds: number; count: number },
): Promise<LoadResult> {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: run.connections,
    duration: run.seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/license/validate',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const index = next++ % run.count;
          return {
            ...request,
            body: JSON.stringify({
              license_key: benchKey(index),
              device_id: benchDevice(index),
              nonce: `bench-nonce-${index}`,
              app_version: '1.0.0',
            }),
          };
        },
      },
    ],
  });
}

export function loadLine(label: string, result: LoadResult): string {
  const bad = result.non2xx + result.errors + result.timeouts;
  return `${label.padEnd(34)} ${Math.round(result.requests.average).toLocaleString('en').padStart(8)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${bad ? `   (${bad} non-2xx/errors)` : ''}`;
}
