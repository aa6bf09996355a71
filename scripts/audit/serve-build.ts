/**
 * A build's own server (its server.js, in its own process, as `npm run serve` starts it) on a free
 * port of 127.0.0.1 with a throwaway data directory: the pages and scripts are measured as that
 * build serves them (headers, CSP, precompressed files), whichever tree the build came from.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, stopChildren } from '../bench/server-child';

export type BuildServer = { url: string; close: () => Promise<void> };

export async function serveBuild(distDir: string): Promise<BuildServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'audit-data-'));
  const child = await startChild([join(distDir, 'server.js')], {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'audit-password-123',
  });
  return {
    url: child.url,
    async close() {
      await stopChildren([child.process]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
