/**
 * `npm run bench -- upload-memory`: the built server's RSS while four admins' uploads of a
 * 40-megapixel picture arrive at once (PNG, then JPEG), sampled every 20 ms from /proc. Two are
 * taken at a time (the rest get 429 at once) and one is decoded at a time.
 * Target: RSS < 300 MB throughout (the README promises a 1 GB VPS); /healthz probed meanwhile
 * answers within 100 ms at p90 (the resize runs in a worker thread).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ALLOCATOR_ENVIRONMENT } from '../../api/memory-tuning';
import { gradientPng } from '../../test/png-fixture';
import { rssMb, startChild, stopChildren } from './server-child';
import { createJimp } from '@jimp/core';
import { defaultFormats, defaultPlugins } from 'jimp';

const DIST = resolve(process.env.BUILD_OUT || 'dist');
const [WIDTH, HEIGHT] = [7700, 5190];
const PASSWORD = 'bench-password-1';

/** A 40 MP JPEG made from the same gradient (jimp's encoder; once per run, a few seconds). */
async function gradientJpeg(): Promise<Buffer> {
  const Jimp = createJimp({ formats: defaultFormats, plugins: defaultPlugins });
  const png = gradientPng(WIDTH, HEIGHT);
  const image = await Jimp.fromBuffer(png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer);
  return image.getBuffer('image/jpeg', { quality: 80 });
}

async function round(
  url: string,
  server: ChildProcess,
  cookie: string,
  label: string,
  bytes: Buffer,
  mime: string,
): Promise<void> {
  const before = rssMb(server);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server))), 20);
  const started = performance.now();
  const uploads = Array.from({ length: 4 }, async (_, index) => {
    const form = new FormData();
    form.set('title', `Bench ${label} ${index}`);
    form.set('prompt_template', 'bench');
    form.set('image', new Blob([new Uint8Array(bytes)], { type: mime }), `big.${label.toLowerCase()}`);
    const answer = await fetch(`${url}/api/prompt/create`, { method: 'POST', headers: { cookie }, body: form });
    await answer.arrayBuffer();
    return answer.status;
  });
  // /healthz meanwhile: the resize runs in a worker, so the main thread keeps answering.
  const probes: number[] = [];
  let uploading = true;
  const probing = (async (): Promise<void> => {
    while (uploading) {
      const sent = performance.now();
      await fetch(`${url}/healthz`).then((answer) => answer.arrayBuffer());
      probes.push(performance.now() - sent);
      await new Promise((wait) => setTimeout(wait, 25));
    }
  })();
  const statuses = await Promise.all(uploads);
  uploading = false;
  await probing;
  const sorted = probes.sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
  // The worker's memory may still be in use for a moment after the last answer.
  await new Promise((wait) => setTimeout(wait, 500));
  clearInterval(sampler);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ok = peak < 300;
  console.log(
    `${label.padEnd(5)} ${(bytes.length / 1e6).toFixed(1).padStart(5)} MB file   statuses ${statuses.join(',')}   RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${rssMb(server).toFixed(0)} MB   ${seconds} s   (target < 300${ok ? ' ok' : ' MISSED'})`,
  );
  console.log(
    `      /healthz during the uploads: p90 ${p90.toFixed(1)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(1)} ms over ${probes.length} probes   (target p90 < 100${p90 < 100 ? ' ok' : ' MISSED'})`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST, 'server.js'))) throw new Error(`no build in ${DIST}: run npm run build first`);
  // Both pictures made first: idle keep-alive connections must not age while the JPEG is encoded.
  const png = gradientPng(WIDTH, HEIGHT);
  const jpeg = await gradientJpeg();
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-upload-'));
  const server = await startChild([join(DIST, 'server.js')], {
    ...ALLOCATOR_ENVIRONMENT,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: PASSWORD,
  });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    console.log(
      `four concurrent uploads of a ${WIDTH}×${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(0)} MP) picture, RSS of the server process (its image worker included)`,
    );
    await round(server.url, server.process, cookie, 'PNG', png, 'image/png');
    await round(server.url, server.process, cookie, 'JPEG', jpeg, 'image/jpeg');
  } finally {
    await stopChildren([server.process]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
