import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * An answer sent before the request body was read (401 before an upload, 413 for a body over its
 * limit) must reach a client that is still sending. Closing the socket then, with bytes unread,
 * makes the kernel reset the connection: Node's http client gets EPIPE instead of the answer, nginx
 * answers 502. So, as nginx does, the rest of the body is read and thrown away, up to a bound. On a
 * keep-alive connection that happens after the answer and the connection stays usable; on one the
 * client asked to close (`Connection: close`, what nginx sends its upstream by default) node:http
 * closes right after the answer ends, so the answer's bytes go out at once but its end, and with
 * it the close, waits for the drain. A client that sends more than the bound, or for longer, has
 * its connection closed.
 */
export type DrainLimits = { bytes: number; ms: number };

/** Three times the largest body any call takes (a 10 MB image), and nginx's lingering time. */
export const DRAIN_LIMITS: DrainLimits = { bytes: 32 * 1024 * 1024, ms: 30_000 };

/** Whether request bytes may still be on the wire, unread. */
function bodyPending(raw: IncomingMessage): boolean {
  if (raw.readableEnded || raw.destroyed) return false;
  // All of it arrived and nobody paused it: node:http discards the rest itself once we answered.
  return !(raw.complete && !raw.isPaused());
}

/** Reads and discards the rest of the body; `then` runs once it is all read or the client is gone. */
function drain(raw: IncomingMessage, limits: DrainLimits, then: () => void): void {
  let left = limits.bytes;
  const drop = (): void => {
    done();
    raw.socket?.destroy();
  };
  const timer = setTimeout(drop, limits.ms);
  timer.unref();
  const onData = (chunk: Buffer): void => {
    left -= chunk.length;
    if (left < 0) drop();
  };
  function done(): void {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', done);
    raw.off('close', done);
    then();
  }
  raw.on('data', onData);
  raw.on('end', done);
  raw.on('close', done);
  raw.resume();
}

/**
 * Ends an answer whose head is written: `payload` goes out now; the rest of an unread body is
 * drained, and on a connection that closes after this answer the end waits for that drain.
 */
export function endAnswer(
  res: ServerResponse,
  payload: string | Buffer | undefined,
  limits: DrainLimits = DRAIN_LIMITS,
): void {
  const raw = res.req;
  if (!raw || !bodyPending(raw)) {
    res.end(payload);
    return;
  }
  if (res.shouldKeepAlive) {
    res.end(payload);
    drain(raw, limits, () => undefined);
    return;
  }
  if (payload !== undefined) res.write(payload);
  drain(raw, limits, () => res.end());
}
