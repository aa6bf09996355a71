import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError } from '../data/data-dir-locked-error';
import { NewerSchemaError } from '../data/newer-schema-error';
import { StoreUnreachableError } from '../data/store-unreachable-error';
import { createApp } from './app';
import type { App } from './app';
import { InvalidConfigError, loadConfig } from './config';
import { loadPaymentConfig } from './payments/payment-config';
import type { ServerConfig } from './config';
import { allocatorTuned, ALLOCATOR_ENVIRONMENT, tuneHeapForMemory } from './memory-tuning';
import { trustProxyWarning } from './http/client-ip';
import { applyServerLimits, serverOptions } from './http/server-limits';
import { MissingSigningKeyError } from './license-api/license-signing';

// The bundle lives in dist/; the browser build sits beside it in dist/public.
const here = dirname(fileURLToPath(import.meta.url));
tuneHeapForMemory();
if (process.env.NODE_ENV === 'production' && !allocatorTuned(process.env)) {
  const wanted = Object.entries(ALLOCATOR_ENVIRONMENT)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.warn(
    `Memory: start the server with ${wanted} in its environment (see README, Production), or freed memory stays held.`,
  );
}
let config: ServerConfig;
let app: App;
try {
  config = loadConfig(process.env, join(here, 'public'));
  // Checked at start so a wrong gateway key stops the server here, not a buyer's first payment.
  loadPaymentConfig(process.env);
  if (process.env.NODE_ENV === 'production' && !process.env.PUBLIC_URL?.trim()) {
    console.warn(
      `PUBLIC_URL is not set: page addresses, links in e-mails and passkeys use ${config.publicUrl} (see README, Production).`,
    );
  }
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) console.warn(proxyWarning);
  app = await createApp(config);
} catch (error) {
  // Bad configuration or a data directory held by another server: a clear line, no stack.
  const known =
    error instanceof DataDirLockedError ||
    error instanceof NewerSchemaError ||
    error instanceof StoreUnreachableError ||
    error instanceof MissingSigningKeyError ||
    error instanceof InvalidConfigError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}
let stopping = false;
const inFlight = new Set<ServerResponse>();
const server = createServer(serverOptions(), (req, res) => {
  // While stopping, every answer closes its connection: keep-alive clients reconnect elsewhere.
  if (stopping) res.setHeader('Connection', 'close');
  app.handle(req, res);
  // Pages and assets are answered before handle() returns; only answers still under way need
  // to be found by a shutdown.
  if (!res.headersSent) {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  }
});
applyServerLimits(server);

function onListenError(error: NodeJS.ErrnoException): void {
  console.error(`Cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
  // Release the data directory (lock, final snapshot) before giving up.
  void app.close().finally(() => process.exit(1));
}
server.once('error', onListenError);

server.listen(config.port, config.host, () => {
  server.off('error', onListenError);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (data in ${config.dataDir})`,
  );
});

/** Time for requests already sent on open connections to be read before idle ones are closed. */
const SHUTDOWN_GRACE_MS = 500;
const SHUTDOWN_FORCE_MS = 10_000;

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then flushing storage`);
  // net's close, not http's: http's closes idle connections at once, and a connection whose
  // request is still unread in its socket buffer counts as idle; its client would get a reset.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  // After the grace time, keep closing connections as they fall idle (answers already under way
  // when the signal came may still say keep-alive).
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    sweep = setInterval(() => server.closeIdleConnections(), 100).unref();
  }, SHUTDOWN_GRACE_MS).unref();
  const forced = setTimeout(() => {
    console.log(`${signal}: closing the connections still open after ${SHUTDOWN_FORCE_MS / 1000} s`);
    server.closeAllConnections();
  }, SHUTDOWN_FORCE_MS).unref();
  await closed;
  clearTimeout(grace);
  clearTimeout(forced);
  clearInterval(sweep);
  try {
    await app.close();
  } catch (error) {
    console.error('storage could not be flushed cleanly; the journal still holds every acknowledged write', error);
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
