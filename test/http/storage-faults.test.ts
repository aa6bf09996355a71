// store: embedded only (a full disk under the journal; PostgreSQL keeps its own files)
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SqliteStore } from '../../data/sqlite/sqlite-store';
import { ADMIN, call, loginCookie, startServer } from '../harness';

/** A 4 MB tmpfs we can fill: the real "disk full", no injected fakes. Needs root (CI and dev machines are). */
async function mountTinyDisk(): Promise<string | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
}

async function fillDisk(dir: string): Promise<string> {
  const filler = join(dir, 'filler.bin');
  try {
    await writeFile(filler, Buffer.alloc(8 * 1024 * 1024));
  } catch {
    // ENOSPC is the point: the file took every free byte it could.
  }
  return filler;
}

test('disk full: writes answer 503, reads keep working, nothing acknowledged is lost, recovery after space returns', async () => {
  const dir = await mountTinyDisk();
  if (!dir) {
    console.log('  (skipped: cannot mount a tmpfs here)');
    return;
  }
  let server = await startServer({}, { dataDir: join(dir, 'data') });
  try {
    const cookie = await loginCookie(server.url);
    const filler = await fillDisk(dir);

    // The journal's last page may still have room for a few lines: write until the disk refuses.
    const acknowledged = [cookie];
    let refused = await call(server.url, 'POST', '/api/admin/login', { body: ADMIN });
    for (let attempt = 0; attempt < 200 && refused.status === 200; attempt++) {
      acknowledged.push(refused.headers.get('set-cookie')!.split(';')[0]!);
      refused = await call(server.url, 'POST', '/api/admin/login', { body: ADMIN });
    }
    assert.is(refused.status, 503);
    assert.is(refused.json.success, false);
    assert.match(String(refused.json.error), /Storage unavailable/);

    assert.is((await call(server.url, 'GET', '/healthz')).status, 200);
    const check = await call(server.url, 'GET', '/api/admin/check', { cookie });
    assert.is(check.json.logged_in, true, 'an existing session still reads');

    await rm(filler);
    let recovered = false;
    for (let attempt = 0; attempt < 40 && !recovered; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recovered = (await call(server.url, 'POST', '/api/admin/login', { body: ADMIN })).status === 200;
    }
    assert.ok(recovered, 'writes are accepted again once the disk has room');

    await server.close({ remove: false });
    server = await startServer({}, { dataDir: join(dir, 'data') });
    for (const session of acknowledged) {
      const again = await call(server.url, 'GET', '/api/admin/check', { cookie: session });
      assert.is(again.json.logged_in, true, 'every session acknowledged before the fault survived a restart');
    }
    const integrity = (server.app.ctx.db as SqliteStore).database
      .prepare('PRAGMA integrity_check')
      .get<{ integrity_check: string }>();
    assert.is(integrity?.integrity_check, 'ok');
  } finally {
    await server.close({ remove: false });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
