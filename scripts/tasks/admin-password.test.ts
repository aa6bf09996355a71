import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LOCK_FILE } from '../../data/sqlite/data-dir-lock';
import { ADMIN, call, loginCookie, makeDataDir, startServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { cookieOf, enrol, passwordStep } from '../../test/http/second-factor-kit';

const NEW_PASSWORD = 'brand-new-password-42';

function runScript(
  env: Record<string, string>,
  stdin = '',
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tasks/admin-password.ts', ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
    child.stdin.end(stdin);
  });
}

/** The activity log's entries of one action, as the script wrote them (docs/spec.md#activity-log). */
const activity = (server: TestServer, action: string) =>
  server.app.ctx.db.all<Record<string, unknown>>(
    'SELECT actor, actor_label, ip, summary, after_json FROM activity_log WHERE action = ? ORDER BY id',
    [action],
  );

const login = async (url: string, password: string): Promise<number> =>
  (await call(url, 'POST', '/api/admin/login', { body: { username: ADMIN.username, password } })).status;

test('sets a new password from ADMIN_PASSWORD while the server is stopped; old sessions end', async () => {
  const first = await startServer();
  const cookie = await loginCookie(first.url);
  await first.close({ remove: false });
  const result = await runScript({ DATA_DIR: first.dataDir, ADMIN_PASSWORD: NEW_PASSWORD });
  assert.is(result.code, 0, result.output);
  assert.match(result.output, `Password of admin "${ADMIN.username}" changed`);
  assert.not.match(result.output, NEW_PASSWORD);
  const again = await startServer({}, { dataDir: first.dataDir });
  try {
    assert.is(await login(again.url, NEW_PASSWORD), 200);
    assert.is(await login(again.url, ADMIN.password), 401, 'the old password no longer works');
    const check = await call(again.url, 'GET', '/api/admin/check', { cookie });
    assert.is(check.json.logged_in, false, 'sessions were ended');
    const entries = await activity(again, 'admin.password_changed');
    assert.equal(entries, [
      {
        actor: 'admin',
        actor_label: ADMIN.username,
        ip: null,
        summary: 'password changed on the server (npm run admin:password); every session ended',
        after_json: JSON.stringify({ username: ADMIN.username }),
      },
    ]);
  } finally {
    await again.close();
  }
});

test('reads the password from a pipe; refuses a short one and changes nothing', async () => {
  const dataDir = await makeDataDir();
  try {
    const short = await runScript({ DATA_DIR: dataDir }, 'short\n');
    assert.is(short.code, 1);
    assert.match(short.output, 'at least 8 characters');
    const piped = await runScript({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username }, `${NEW_PASSWORD}\n`);
    assert.is(piped.code, 0, piped.output);
    const server = await startServer({ ADMIN_PASSWORD: 'not-used-any-more' }, { dataDir });
    try {
      assert.is(await login(server.url, NEW_PASSWORD), 200);
    } finally {
      await server.close({ remove: false });
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('--remove-second-factor turns TOTP, recovery codes and passkeys off for a lost phone; the password stays', async () => {
  const first = await startServer();
  const cookie = await loginCookie(first.url);
  await enrol(first.url, cookie, () => Date.now());
  assert.is((await passwordStep(first.url)).answer.json.second_factor, 'required');
  await first.close({ remove: false });
  const result = await runScript({ DATA_DIR: first.dataDir }, '', ['--remove-second-factor']);
  assert.is(result.code, 0, result.output);
  assert.match(
    result.output,
    `Second factor of admin "${ADMIN.username}" removed: authenticator app off, 0 passkey(s) and 10 recovery code(s) deleted`,
  );
  const again = await startServer({}, { dataDir: first.dataDir });
  try {
    const { answer } = await passwordStep(again.url);
    assert.is(answer.status, 200);
    assert.is(answer.json.second_factor, undefined, 'the password alone signs in again');
    assert.ok(cookieOf(answer, 'loop_session'));
    assert.is(
      (await call(again.url, 'GET', '/api/admin/check', { cookie })).json.logged_in,
      false,
      'sessions were ended',
    );
    const removed = await activity(again, 'admin.second_factor_off');
    assert.is(removed.length, 1, JSON.stringify(removed));
    assert.equal([removed[0]!.actor, removed[0]!.actor_label, removed[0]!.ip], ['admin', ADMIN.username, null]);
    assert.is(removed[0]!.after_json, JSON.stringify({ authenticator_app: 'off', passkeys: 0 }));
  } finally {
    await again.close();
  }
});

test('refuses with a clear message while a server holds the data directory', async () => {
  const dataDir = await makeDataDir();
  try {
    // This test process is alive and is not the script: to the script it is the running server.
    await writeFile(join(dataDir, LOCK_FILE), `${process.pid}\n`);
    const result = await runScript({ DATA_DIR: dataDir, ADMIN_PASSWORD: NEW_PASSWORD });
    assert.is(result.code, 1);
    assert.match(result.output, `The server is running on ${dataDir} (pid ${process.pid})`);
    assert.match(result.output, 'Stop it first');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.run();
