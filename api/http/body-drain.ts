import type { IncomingMessage } from 'node:http';

/**
 * An answer sent before the request body was read (401 before an upload, 413 for a body over its
 * limit) must reach a client that is still sending. Closing the socket then, with bytes unread,
 * makes the kernel reset the connection: Node's http client gets EPIPE instead of the answer, a
 * browser may show a network error. So, as nginx does, the rest of the body is read and thrown
 * away, up to a bound; the connection stays usable after it. A client that sends more than the
 * bound, or for longer, has its connection closed.
 */
export type DrainLimits = { bytes: number; ms: number };

/** Three times the largest body any call takes (a 10 MB image), and nginx's lingering time. */
export const DRAIN_LIMITS: DrainLimits = { bytes: 32 * 1024 * 1024, ms: 30_000 };

/** Call once the answer is written (or about to be): reads and discards what is left of the body. */
export function discardRestOfBody(raw: IncomingMessage, limits: DrainLimits = DRAIN_LIMITS): void {
  if (raw.readableEnded) return;
  // All of it arrived and nobody paused it: node:http discards the rest itself once we answered.
  if (raw.complete && !raw.isPaused()) return;
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
  }
  raw.on('data', onData);
  raw.on('end', done);
  raw.on('close', done);
  raw.resume();
}
