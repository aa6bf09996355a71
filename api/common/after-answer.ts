/**
 * Work a handler starts once its answer is on its way, for answers whose timing must not tell
 * what the work found (docs/spec.md#buyer-account: a sign-in link for a known address or not).
 * The task starts on the next turn of the event loop, after the answer was written. Pending work
 * is awaited at shutdown (each app's cleanups) and by tests that read what it wrote.
 */
const pending = new Set<Promise<void>>();

export function afterAnswer(task: () => Promise<void>, onError: (error: unknown) => void): void {
  const work: Promise<void> = new Promise<void>((started) => setImmediate(started))
    .then(task)
    .catch(onError)
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** Resolves once no work started by afterAnswer is left (work started meanwhile included). */
export async function answeredWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
