/**
 * `npm run admin:password`: sets a new admin password in DATA_DIR (default ./var) and ends every
 * admin session. Reads ADMIN_PASSWORD, else asks twice on the terminal with hidden input (or
 * reads one line from a pipe). ADMIN_USERNAME, when set, also renames the admin.
 * `--remove-second-factor` instead turns the second factor off (TOTP, recovery codes, passkeys)
 * for an owner who lost the phone, and ends every session; the password stays.
 * The server must be stopped: the journal has a single writer, and a running server would never
 * see the change. Its pid file in DATA_DIR tells; the script then refuses.
 */
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { hashPassword } from '../../api/admin/passwords';
import { ADMIN_PASSWORD_MIN_LENGTH } from '../../api/config';
import { recordActivityIn } from '../../data/activity/activity-log';
import type { ActivityActor } from '../../data/activity/activity-log';
import { findFirstAdmin, setAdminPassword } from '../../data/admins';
import { removeSecondFactors } from '../../data/second-factor';
import { DataDirLockedError } from '../../data/data-dir-locked-error';
import { withStore } from './with-store';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((done, fail) => {
    let value = '';
    const finish = (error?: Error): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
      if (error) fail(error);
      else done(value);
    };
    const onData = (chunk: string): void => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on('data', onData);
  });
}

async function readPiped(): Promise<string> {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) return line;
  return '';
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return readPiped();
  const first = await askHidden(`New admin password (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters): `);
  const second = await askHidden('Repeat it: ');
  if (first !== second) throw new Error('the two passwords differ; nothing was changed');
  return first;
}

/** The owner at the server's terminal: the admin by name, no IP (docs/spec.md#activity-log). */
function fromTerminal(username: string): ActivityActor & { at: string } {
  return { actor: 'admin', actorLabel: username, ip: null, at: new Date().toISOString() };
}

async function removeSecondFactor(dataDir: string): Promise<void> {
  await withStore(dataDir, async (db) => {
    const username = (await findFirstAdmin(db))?.username ?? 'admin';
    const removed = await removeSecondFactors(db, (tx, gone) =>
      recordActivityIn(tx, {
        ...fromTerminal(username),
        action: 'admin.second_factor_off',
        objectType: 'admin',
        objectId: null,
        summary: `second factor removed on the server (npm run admin:password --remove-second-factor): ${gone.passkeys} passkey(s) deleted, every session ended`,
        before: { authenticator_app: gone.totp > 0 ? 'on' : 'off', passkeys: gone.passkeys },
        after: { authenticator_app: 'off', passkeys: 0 },
      }),
    );
    console.log(
      `Second factor of admin "${username}" removed: authenticator app ${removed.totp > 0 ? 'off' : 'was not on'}, ` +
        `${removed.passkeys} passkey(s) and ${removed.recoveryCodes} recovery code(s) deleted; every admin session was ended. ` +
        'Sign in with the password and turn it on again under Security.',
    );
  });
}

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR || './var');
  if (process.argv.includes('--remove-second-factor')) return removeSecondFactor(dataDir);
  const password = await readPassword();
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    throw new Error(`the password must have at least ${ADMIN_PASSWORD_MIN_LENGTH} characters; nothing was changed`);
  await withStore(dataDir, async (db) => {
    const username = process.env.ADMIN_USERNAME?.trim() || (await findFirstAdmin(db))?.username || 'admin';
    await setAdminPassword(db, username, await hashPassword(password), new Date().toISOString(), (tx, was) => {
      const renamed =
        was.previousName !== null && was.previousName !== username
          ? `, username ${was.previousName} → ${username}`
          : '';
      return recordActivityIn(tx, {
        ...fromTerminal(username),
        action: 'admin.password_changed',
        objectType: 'admin',
        objectId: null,
        summary: `password changed on the server (npm run admin:password)${renamed}; every session ended`,
        before: was.previousName === null ? null : { username: was.previousName },
        after: { username },
      });
    });
    const where = process.env.DATABASE_URL ? 'the PostgreSQL database' : dataDir;
    console.log(`Password of admin "${username}" changed in ${where}; every admin session was ended.`);
  });
}

try {
  await main();
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `The server is running on ${error.dir} (pid ${error.pid}). Stop it first (e.g. systemctl stop loop-shop), ` +
        'run npm run admin:password again, then start the server.',
    );
  } else {
    console.error(`admin:password: ${(error as Error).message}`);
  }
  process.exitCode = 1;
}
