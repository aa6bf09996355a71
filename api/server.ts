import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { loadConfig } from './config';
import { applyServerLimits, serverOptions } from './server-limits';

// The bundle lives in dist/; the browser build sits beside it in dist/public.
const here = dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, join(here, 'public'));
const app = await createApp(config);
const server = createServer(serverOptions(), app.handle);
applyServerLimits(server);

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(`Cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
  // Release the data directory (lock, final snapshot) before giving up.
  void app.close().finally(() => process.exit(1));
});

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (data in ${config.dataDir})`);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then flushing storage`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const forced = setTimeout(() => server.closeAllConnections(), 10_000);
  forced.unref();
  await closed;
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
