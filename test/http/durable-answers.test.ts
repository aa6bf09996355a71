// store: embedded only (the journal's group commit: on PostgreSQL a write is acknowledged after its commit)
/** The embedded store answers nothing that shows a write before the journal holding it is fsynced. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Route } from '../../api/http/router';
import { findSession, insertSession } from '../../data/sessions';
import { call, startServer } from '../harness';
import type { TestServer } from '../harness';

const TOKEN_HASH = 'f'.repeat(64);
const extraRoutes: Route[] = [
  [
    'POST',
    '/api/test/write',
    async () => {
      const at = Date.now();
      await insertSession(server.app.ctx.db, {
        token_hash: TOKEN_HASH,
        admin_id: 1,
        created_at: at,
        last_seen_at: at,
        expires_at: at + 60_000,
        public_id: '0123456789abcdef',
        user_agent: '',
        ip: '',
      });
      return { success: true };
    },
  ],
  [
    'GET',
    '/api/test/read',
    async () => ({ success: true, found: (await findSession(server.app.ctx.db, TOKEN_HASH)) !== undefined }),
  ],
];

let server: TestServer;
test.before(async () => {
  server = await startServer({}, { extraRoutes });
});
test.after(async () => {
  await server.close();
});

test('an answer showing a write still being fsynced waits until that write is on disk', async () => {
  const journal = (
    server.app.ctx.db as unknown as { database: { log: { journal: { handle: { datasync(): Promise<void> } } } } }
  ).database.log.journal;
  const realSync = journal.handle.datasync.bind(journal.handle);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let syncing!: () => void;
  const reached = new Promise<void>((resolve) => (syncing = resolve));
  journal.handle.datasync = async () => {
    syncing();
    await held;
    return realSync();
  };
  // The read's handler is done once it asks the store for what its answer must wait for.
  const db = server.app.ctx.db;
  const realDbSync = db.sync;
  let waiting!: (commit: { until: Promise<void> }) => void;
  const readWaits = new Promise<{ until: Promise<void> }>((resolve) => (waiting = resolve));
  db.sync = () => {
    const until = realDbSync.call(db);
    waiting({ until });
    return until;
  };
  try {
    const write = call(server.url, 'POST', '/api/test/write');
    await reached; // the write is in memory and its fsync has begun
    const read = call(server.url, 'GET', '/api/test/read');
    const early = await Promise.race([read.then(() => 'answered'), readWaits.then(() => 'waiting')]);
    assert.is(early, 'waiting', 'the read saw the row in memory but must not answer before the fsync');
    // Settled already, it would resolve before a macrotask: the read waits for the held fsync.
    const { until } = await readWaits;
    const before = await Promise.race([
      until.then(() => 'synced'),
      new Promise((resolve) => setImmediate(() => resolve('held'))),
    ]);
    assert.is(before, 'held', 'the answer waits for the fsync of the write it shows');
    release();
    assert.equal((await read).json, { success: true, found: true });
    assert.equal((await write).json, { success: true });
  } finally {
    release();
    journal.handle.datasync = realSync;
    db.sync = realDbSync;
  }
});

test.run();
