import { setFlagsFromString } from 'node:v8';

/**
 * glibc keeps large freed blocks in per-thread arenas: each password hash (scrypt takes 16 MB in
 * a libuv thread) and the compile of SQLite's Wasm left 15-30 MB per thread held for good. With a
 * fixed threshold every block of 1 MB or more is mapped on its own and returned when freed. It
 * must be in the environment when the process starts: `npm start`, `npm run serve`, the systemd
 * unit and the benchmark set it.
 */
export const ALLOCATOR_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: '1048576' } as const;

export function allocatorTuned(env: NodeJS.ProcessEnv): boolean {
  return Object.entries(ALLOCATOR_ENVIRONMENT).every(([name, value]) => env[name] === value);
}

/**
 * V8 grows its heap far ahead of what is live under load (80 MB for ~15 MB of live objects at
 * 7k req/s). Optimizing for size keeps it near the live set at no measurable cost in throughput
 * here; the flag is read by the heap's growth heuristics, so setting it at start takes effect.
 */
export function tuneHeapForMemory(): void {
  setFlagsFromString('--optimize-for-size');
}
