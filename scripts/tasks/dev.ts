/**
 * `npm run dev`: builds, serves the build, and on every change under api/, data/ and web/ builds
 * again and restarts the server (a failed build keeps the running server).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { build, DIST } from '../../build';

/** Stops the dev server (clean SIGTERM shutdown) and waits until it is gone. */
async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function watchAndServe(): Promise<void> {
  let server: ChildProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  // One rebuild at a time: changes made during a build cause exactly one more build after it.
  let running: Promise<void> | undefined;
  let again = false;
  const rebuild = async (): Promise<void> => {
    try {
      await build();
    } catch (error) {
      console.error('build failed (the running server is kept):', error instanceof Error ? error.message : error);
      return;
    }
    await stopServer(server);
    server = spawn(process.execPath, ['--enable-source-maps', join(DIST, 'server.js')], { stdio: 'inherit' });
  };
  const schedule = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = rebuild().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    });
  };
  schedule();
  for (const dir of ['api', 'data', 'web']) {
    watch(dir, { recursive: true }, (_event, name) => {
      if (name && /\.test\.tsx?$/.test(name)) return;
      clearTimeout(timer);
      timer = setTimeout(schedule, 150);
    });
  }
  // Ctrl-C or a stop: the server flushes its storage before we go.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopServer(server).finally(() => process.exit(0));
    });
  }
}

await watchAndServe();
