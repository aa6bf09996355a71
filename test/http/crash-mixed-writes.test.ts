// store: embedded only (the journal and snapshots in DATA_DIR; the PostgreSQL kill test is in multi-instance.test.ts)
/**
 * The crash test over mixed writes: licences, configs and prompts with images are written at the
 * same time while the real built server is SIGKILLed again and again. After each kill every
 * acknowledged row is on disk with the database intact; after each restart every acknowledged
 * prompt still has its image file, and no image file is left that no prompt refers to.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readDurableState } from '../../data/sqlite/durable-state';
import { checkedFetch } from '../answer-check';
import { send, startChildServer, stopChildServer } from '../child-server';
import type { ChildServer } from '../child-server';
import { ADMIN } from '../harness';
import { gradientPng } from '../png-fixture';

const KILLS = 10;
const SERVER_ENV = { SNAPSHOT_EVERY_ENTRIES: '15' };
const IMAGE = gradientPng(320, 180);

type Durable = { integrity: string; licenses: Set<string>; configs: Set<string>; prompts: Map<number, string | null> };

async function readDurable(dataDir: string): Promise<Durable> {
  const state = await readDurableState(dataDir);
  try {
    const column = (sql: string): unknown[][] => state.raw.exec(sql)[0]?.values ?? [];
    return {
      integrity: String(column('PRAGMA integrity_check')[0]?.[0]),
      licenses: new Set(column('SELECT license_key FROM licenses').map(([key]) => String(key))),
      configs: new Set(column('SELECT config_key FROM configs').map(([key]) => String(key))),
      prompts: new Map(
        column('SELECT id, image_path FROM prompts').map(([id, path]) => [
          Number(id),
          path === null ? null : String(path),
        ]),
      ),
    };
  } finally {
    state.raw.close();
  }
}

async function uploadedFiles(dataDir: string): Promise<string[]> {
  return (await readdir(join(dataDir, 'uploads')).catch(() => [] as string[])).filter((name) => name.endsWith('.webp'));
}

test(`${KILLS} SIGKILLs under mixed writes (licences, configs, prompts with images): nothing lost, no orphan image`, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-crash-mixed-'));
  const licenses = new Set<string>();
  const configs = new Set<string>();
  const prompts = new Map<number, string>();
  let server: ChildServer | undefined;
  try {
    for (let round = 0; round <= KILLS; round++) {
      server = await startChildServer(dataDir, SERVER_ENV);
      // The sign-in gets a connection of its own: a kept-alive socket left idle through the checks
      // below (seconds on a loaded machine) can be closed by the server's keep-alive timeout just as
      // a writer reuses it, a reset no server fault caused.
      const signIn = new Agent({ keepAlive: false });
      const login = await send(signIn, server.url, 'POST', '/api/admin/login', ADMIN);
      signIn.destroy();
      assert.is(login.status, 200, login.body);
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;

      // After a restart: every acknowledged prompt keeps its image, and the start-up sweep leaves
      // only referenced files.
      const durable = await readDurable(dataDir);
      const referenced = new Set(
        [...durable.prompts.values()].filter((path): path is string => path !== null).map((path) => basename(path)),
      );
      for (const [id, path] of prompts)
        assert.ok((await uploadedFiles(dataDir)).includes(basename(path)), `prompt ${id}: image file kept`);
      let orphans: string[] = [];
      for (let waited = 0; waited < 5000; waited += 100) {
        orphans = (await uploadedFiles(dataDir)).filter((name) => !referenced.has(name));
        if (orphans.length === 0) break;
        await new Promise((done) => setTimeout(done, 100));
      }
      assert.equal(orphans, [], `round ${round}: image files no prompt refers to`);
      if (round === KILLS) {
        await stopChildServer(server, 'SIGTERM');
        assert.equal(await server.exited, { code: 0, signal: null });
        break;
      }

      const agent = new Agent({ keepAlive: true, maxSockets: 6 });
      let running = true;
      const url = server.url;
      const loop = async (write: (index: number) => Promise<void>): Promise<unknown> => {
        try {
          for (let index = 0; running; index++) await write(index);
        } catch (error) {
          if (running) return error;
        }
        return undefined;
      };
      const writers = [
        loop(async (index) => {
          const answer = await send(
            agent,
            url,
            'POST',
            '/api/license/create',
            {
              email: `buyer${round}.${index}@example.com`,
              expired_date: '2027-06-01T00:00',
              app_type: index % 2 ? 'loopstream' : 'loopbot',
            },
            cookie,
          );
          if (answer.status !== 200) throw new Error(`licence create → ${answer.status} ${answer.body}`);
          licenses.add((JSON.parse(answer.body) as { license: { license_key: string } }).license.license_key);
        }),
        loop(async (index) => {
          const key = `mixed_r${round}_${index}`;
          const answer = await send(
            agent,
            url,
            'POST',
            '/api/config/set',
            { config_key: key, config_value: 'v'.repeat(2000) },
            cookie,
          );
          if (answer.status !== 200) throw new Error(`config set → ${answer.status} ${answer.body}`);
          configs.add(key);
        }),
        loop(async (index) => {
          const body = new FormData();
          body.set('title', `Crash ${round}.${index}`);
          body.set('prompt_template', 'template');
          body.set('image', new Blob([new Uint8Array(IMAGE)], { type: 'image/png' }), 'cover.png');
          const answer = await checkedFetch(`${url}/api/prompt/create`, { method: 'POST', body, headers: { cookie } });
          const json = (await answer.json()) as { prompt?: { id: number; image_path: string } };
          if (answer.status !== 200 || !json.prompt) throw new Error(`prompt create → ${answer.status}`);
          prompts.set(json.prompt.id, json.prompt.image_path);
        }),
      ];
      // Killed 1.5-3 s in, or later on a loaded machine: once an upload of this round has been
      // answered (the first one starts the image worker, which can take seconds), so every kind
      // of write is in flight when the kill comes.
      const uploadsBefore = prompts.size;
      const started = Date.now();
      await new Promise((done) => setTimeout(done, 1500 + Math.random() * 1500));
      while (prompts.size === uploadsBefore && Date.now() - started < 20_000)
        await new Promise((done) => setTimeout(done, 100));
      if (prompts.size > uploadsBefore) await new Promise((done) => setTimeout(done, Math.random() * 1000));
      running = false;
      await stopChildServer(server, 'SIGKILL');
      const failures = (await Promise.all(writers)).filter((result) => result !== undefined);
      agent.destroy();
      assert.equal(failures, [], `round ${round}: no write failed while the server was up`);

      const after = await readDurable(dataDir);
      assert.is(after.integrity, 'ok', `round ${round}: integrity_check`);
      assert.equal(
        [...licenses].filter((key) => !after.licenses.has(key)),
        [],
        `round ${round}: licences lost`,
      );
      assert.equal(
        [...configs].filter((key) => !after.configs.has(key)),
        [],
        `round ${round}: configs lost`,
      );
      assert.equal(
        [...prompts.keys()].filter((id) => !after.prompts.has(id)),
        [],
        `round ${round}: prompts lost`,
      );
    }
    console.log(
      `  acknowledged: ${licenses.size} licences, ${configs.size} configs, ${prompts.size} prompts with images`,
    );
    assert.ok(
      licenses.size > KILLS && configs.size > KILLS && prompts.size > 0,
      'enough writes of each kind to mean something',
    );
  } finally {
    if (server) await stopChildServer(server, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.run();
