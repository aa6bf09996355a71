import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * sql.js hands out database-sized buffers (the file read at open, every snapshot's export) that
 * V8 frees only at its next full collection. With our small JavaScript heap that may not come
 * for a long time, and the process then carries a dead copy of the whole database (~80 MB at
 * 100k licences). Called right after such a buffer is dropped; a full collection of our heap
 * takes a few milliseconds, next to the tens a snapshot takes anyway.
 */
export function collectGarbage(): void {
  try {
    collect ??= exposeGc();
    collect();
  } catch {
    // Only memory is at stake: the buffer is then freed by V8's next collection of its own.
    collect = () => undefined;
  }
}

function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  // The flag only decides whether new contexts get a `gc` global; ours keeps none.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
}
