import type { Server } from 'node:http';

export type ServerLimits = { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };

/**
 * Bounded time for a client to send its headers and its whole request, so slow or stalled
 * clients (slowloris) cannot hold connections open. Uploads of 10 MB on a slow mobile link get
 * two minutes.
 */
export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
};

/** Node checks these timeouts on an interval (30 s by default): check often enough to matter. */
export function serverOptions(limits: ServerLimits = DEFAULT_LIMITS): { connectionsCheckingInterval: number } {
  return { connectionsCheckingInterval: Math.max(250, Math.min(2_000, Math.floor(limits.headersTimeoutMs / 4))) };
}

export function applyServerLimits(server: Server, limits: ServerLimits = DEFAULT_LIMITS): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
}
