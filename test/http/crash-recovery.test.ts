// store: embedded only (the journal and snapshots in DATA_DIR; the PostgreSQL kill test is in multi-instance.test.ts)
/**
 * The durability proof: the real built server in a child process takes concurrent writes and is
 * SIGKILLed at random moments, again and again, some of the kills aimed at snapshots. After each
 * kill, the data directory must hold every write that was acknowledged (HTTP 200 received) and
 * pass PRAGMA integrity_check; the restarted server must serve all of it.
 */
import { watch } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDurableState } from '../../data/sqlite/durable-state';
import { send, startChildServer, stopChildServer } from '../child-server';
import type { ChildServer } from '../child-server';
import { ADMIN } from '../harness';

const RANDOM_KILLS = 10;
const SNAPSHOT_KILLS = 3;
/** Aimed kills go on past SNAPSHOT_KILLS, up to this many, until one lands while a snapshot is written. */
const MAX_SNAPSHOT_KILLS = 10;
const WORKERS = 8;
const MIN_WRITES_BEFORE_KILL = 10;
/** Snapshots every few writes, so kills also land before, during and after them. */
const SERVER_ENV = { SNAPSHOT_EVERY_ENTRIES: '20' };
/** A few KB per value makes each snapshot big enough to take a while to write. */
const PADDING = 'p'.repeat(12_000);

/** What the data directory holds right now, read the way a restart reads it. */
async function durableConfigs(dataDir: string): Promise<{ values: Map<string, string>; integrity: string }> {
  const state = await readDurableState(dataDir);
  try {
    const integrity = String(state.raw.exec('PRAGMA integrity_check')[0]?.values[0]?.[0]);
    const rows = state.raw.exec('SELECT config_key, config_value FROM configs')[0]?.values ?? [];
    return { values: new Map(rows.map(([key, value]) => [String(key), String(value)])), integrity };
  } finally {
    state.raw.close();
  }
}

test(`${RANDOM_KILLS + SNAPSHOT_KILLS} SIGKILLs under concurrent writes: nothing acknowledged is lost, the database stays intact`, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-crash-'));
  /** Every acknowledged write: key → value. Counters are per worker, so later acks overwrite earlier. */
  const acknowledged = new Map<string, string>();
  let server: ChildServer | undefined;
  let cookie = '';
  let snapshotKillsMidWrite = 0;
  let writes = 0;
  try {
    const moreRounds = (round: number): boolean =>
      round < RANDOM_KILLS + SNAPSHOT_KILLS ||
      (snapshotKillsMidWrite === 0 && round < RANDOM_KILLS + MAX_SNAPSHOT_KILLS);
    let rounds = 0;
    for (let round = 0; moreRounds(round); round++) {
      rounds = round + 1;
      server = await startChildServer(dataDir, SERVER_ENV);
      const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
      if (!cookie) {
        // The session row is a write too: after every restart the same cookie must still work.
        const login = await send(agent, server.url, 'POST', '/api/admin/login', ADMIN);
        assert.is(login.status, 200, login.body);
        cookie = String(login.headers['set-cookie']).split(';')[0]!;
      }
      const check = await send(agent, server.url, 'GET', '/api/admin/check', undefined, cookie);
      assert.match(check.body, '"logged_in":true', `round ${round}: the session survived`);

      let running = true;
      let roundWrites = 0;
      const worker = async (id: number): Promise<void> => {
        for (let index = 0; running; index++) {
          const key = `crash_r${round}_w${id}_${index}`;
          const value = `${index}:${PADDING}`;
          // Alternate new rows with updates of one row per worker (last acknowledged value wins).
          const counterKey = `crash_counter_w${id}`;
          const target = index % 2 === 0 ? key : counterKey;
          const targetValue = index % 2 === 0 ? value : `r${round}i${index}`;
          try {
            const answer = await send(
              agent,
              server!.url,
              'POST',
              '/api/config/set',
              { config_key: target, config_value: targetValue },
              cookie,
            );
            if (answer.status !== 200) throw new Error(`POST /api/config/set → ${answer.status} ${answer.body}`);
            acknowledged.set(target, targetValue);
            writes++;
            roundWrites++;
          } catch (error) {
            if (running) throw error;
            return;
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, id) => worker(id).catch((error: unknown) => error));

      const aimAtSnapshot = round >= RANDOM_KILLS;
      let killedMidSnapshot = false;
      if (aimAtSnapshot) {
        // Kill the moment the snapshot's temp file appears: the export is being written.
        await new Promise<void>((done) => {
          const finish = (): void => {
            clearTimeout(timer);
            watcher.close();
            done();
          };
          const watcher = watch(dataDir, (_event, name) => {
            if (name === 'db.sqlite.tmp' && server!.child.exitCode === null) {
              // Writes cut by this kill were never acknowledged: not failures.
              running = false;
              server!.child.kill('SIGKILL');
              finish();
            }
          });
          const timer = setTimeout(finish, 5_000);
        });
        killedMidSnapshot = (await readdir(dataDir)).includes('db.sqlite.tmp');
      } else {
        // Some writes first however slow the machine is, then a random moment.
        for (let waited = 0; roundWrites < MIN_WRITES_BEFORE_KILL && waited < 15_000; waited += 10) {
          await new Promise((done) => setTimeout(done, 10));
        }
        await new Promise((done) => setTimeout(done, Math.random() * 300));
      }
      running = false;
      await stopChildServer(server, 'SIGKILL');
      const results = await Promise.all(workers);
      agent.destroy();
      const failures = results.filter((result) => result !== undefined);
      assert.equal(failures, [], 'no write failed while the server was up');
      if (killedMidSnapshot) snapshotKillsMidWrite++;

      const durable = await durableConfigs(dataDir);
      assert.is(durable.integrity, 'ok', `round ${round}: integrity_check`);
      const missing = [...acknowledged].filter(([key, value]) => {
        const stored = durable.values.get(key);
        if (!key.startsWith('crash_counter_')) return stored !== value;
        // A counter may hold the write that was in flight at the kill (done but never acknowledged).
        return stored === undefined || counterOrder(stored) < counterOrder(value);
      });
      assert.equal(
        missing.map(([key]) => key),
        [],
        `round ${round}: acknowledged writes lost`,
      );
    }
    console.log(
      `  ${writes} acknowledged writes, ${snapshotKillsMidWrite}/${rounds - RANDOM_KILLS} kills while a snapshot was written`,
    );
    assert.ok(writes >= RANDOM_KILLS * MIN_WRITES_BEFORE_KILL, `enough writes to mean something (${writes})`);
    assert.ok(snapshotKillsMidWrite > 0, 'at least one kill landed while a snapshot was being written');

    // The restarted server serves every acknowledged write, and shuts down cleanly.
    server = await startChildServer(dataDir, SERVER_ENV);
    const agent = new Agent({ keepAlive: false });
    const list = await send(agent, server.url, 'GET', '/api/config/list', undefined, cookie);
    assert.is(list.status, 200);
    const served = new Map(
      (JSON.parse(list.body) as { configs: Array<{ config_key: string; config_value: string }> }).configs.map((row) => [
        row.config_key,
        row.config_value,
      ]),
    );
    for (const [key, value] of acknowledged) {
      if (!key.startsWith('crash_counter_')) assert.is(served.get(key), value, key);
    }
    await stopChildServer(server, 'SIGTERM');
    assert.equal(await server.exited, { code: 0, signal: null });
  } finally {
    if (server) await stopChildServer(server, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** `r3i15` → a number that grows with round, then index. */
function counterOrder(value: string): number {
  const match = /^r(\d+)i(\d+)$/.exec(value);
  return match ? Number(match[1]) * 1_000_000 + Number(match[2]) : -1;
}

test.run();
