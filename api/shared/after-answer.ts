/**
 * Work a handler starts once its answer is on its way, for answers whose timing must not tell
 * what the work found (docs/spec.md#buyer-account: a sign-in link for a known address or not).
 * The task starts when the answer was handed to the network (`finish`; a compressed answer is
 * written only once zlib is done, so the next turn of the event loop is too early), or when the
 * client went away. Pending work is awaited at shutdown (each app's cleanups) and by tests that
 * read what it wrote.
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as pause } from 'node:timers/promises';

const pending = new Set<Promise<void>>();

/**
 * A pause between the answer and the work: started right at 'finish', the embedded store's
 * synchronous work (sql.js) still delayed the client's read of the answer, by 0.6 ms at the median
 * for a known address (`npm run bench -- link-timing`: known 4.49 ms, unknown 3.88 ms, a 16 % gap);
 * with this pause the two medians were within 4 % on both stores (README, "How sign-in works").
 */
const PAUSE_BEFORE_WORK_MS = 20;

function sent(res: ServerResponse): Promise<void> {
  return new Promise<void>((done) => {
    if (res.writableFinished || res.destroyed) return done();
    res.once('finish', done);
    res.once('close', done);
  });
}

export function afterAnswer(res: ServerResponse, task: () => Promise<void>, onError: (error: unknown) => void): void {
  const work: Promise<void> = sent(res)
    .then(() => pause(PAUSE_BEFORE_WORK_MS))
    .then(task)
    .catch(onError)
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** Resolves once no work started by afterAnswer is left (work started meanwhile included). */
export async function answeredWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
