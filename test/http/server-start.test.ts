// store: embedded only (the lock on DATA_DIR that keeps a second server off the same journal)
/** Start-up failures of the built server: one clear line, exit 1, the data directory left free. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startChildServer, stopChildServer } from '../child-server';

const failure = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'started',
    (error: unknown) => (error as Error).message,
  );

test('a second server on the same data directory refuses to start; a bad variable is named', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-start-'));
  const first = await startChildServer(dataDir);
  try {
    const second = await failure(startChildServer(dataDir));
    assert.match(second, 'server exited (1)');
    assert.match(second, `is in use by process ${first.child.pid}`);
    assert.not.match(second, '    at ', 'no stack trace');
    const bad = await failure(
      startChildServer(join(dataDir, 'never-created'), { PORT: 'abc', LOGIN_MAX_FAILURES: '0' }),
    );
    assert.match(bad, 'Invalid configuration');
    assert.match(bad, 'PORT');
    assert.match(bad, 'LOGIN_MAX_FAILURES');
    const sandboxKeyInProduction = await failure(
      startChildServer(join(dataDir, 'never-created'), {
        MIDTRANS_SERVER_KEY: 'SB-Mid-server-x',
        MIDTRANS_PRODUCTION: '1',
      }),
    );
    assert.match(sandboxKeyInProduction, 'Invalid payment configuration');
    assert.match(sandboxKeyInProduction, 'MIDTRANS_PRODUCTION');
    assert.not.match(sandboxKeyInProduction, '    at ', 'no stack trace');
  } finally {
    await stopChildServer(first, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a port already taken: exit 1 with a clear line, and the data directory is released', async () => {
  const firstDir = await mkdtemp(join(tmpdir(), 'loop-start-'));
  const secondDir = await mkdtemp(join(tmpdir(), 'loop-start-'));
  const first = await startChildServer(firstDir);
  try {
    const port = new URL(first.url).port;
    const second = await failure(startChildServer(secondDir, { PORT: port }));
    assert.match(second, `Cannot listen on 127.0.0.1:${port}: EADDRINUSE`);
    assert.not.ok((await readdir(secondDir)).includes('server.pid'));
  } finally {
    await stopChildServer(first, 'SIGTERM');
    await rm(firstDir, { recursive: true, force: true });
    await rm(secondDir, { recursive: true, force: true });
  }
});

test('a DATABASE_URL nobody answers: exit 1 with one clear line, no stack', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-start-'));
  try {
    const refused = await failure(
      startChildServer(dataDir, { DATABASE_URL: 'postgres://shop:secret@127.0.0.1:1/shop' }),
    );
    assert.match(refused, 'server exited (1)');
    assert.match(refused, 'Cannot reach PostgreSQL at DATABASE_URL: connect ECONNREFUSED 127.0.0.1:1');
    assert.not.match(refused, '    at ', 'no stack trace');
    assert.not.match(refused, 'secret', 'the password stays out of the log');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.run();
