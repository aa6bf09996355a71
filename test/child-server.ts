import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import type { Agent } from 'node:http';
import { resolve } from 'node:path';
import { checkAnswer } from './answer-check';
import { ADMIN, testDatabaseFor } from './harness';

/** The built server the way production runs it: `node <BUILD_OUT>/server.js`. */
export const SERVER_BUNDLE = resolve(process.env.BUILD_OUT || 'dist', 'server.js');

export type ChildServer = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output: () => string;
  /** Settles when the process is gone: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts the bundle on a free port of 127.0.0.1 and waits for its 'Listening on' line. */
export async function startChildServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: build first (npx tsx build.ts)`);
  // On the test run's PostgreSQL pass the data directory's database goes with it.
  const databaseUrl = env.DATABASE_URL ?? (await testDatabaseFor(dataDir));
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const url = await new Promise<string>((done, fail) => {
    // Only a bound for a server that hangs: a loaded shared machine has been seen to need over 20 s.
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/[^\s:]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return { url, child, output: () => output, exited };
}

/** Kills the process if it still runs and waits until it is gone. */
export async function stopChildServer(server: ChildServer, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * One JSON call over a given agent (node:http, so sockets can be kept and reused on purpose); the
 * answer is checked against the API document (test/answer-check.ts).
 */
export function send(
  agent: Agent,
  url: string,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request(
      new URL(path, url),
      {
        method,
        agent,
        headers: {
          ...(text === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let received = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (received += chunk));
        res.on('end', () => {
          const answer = { status: res.statusCode ?? 0, headers: res.headers, body: received };
          try {
            checkAnswer({
              method,
              url: new URL(path, url).href,
              status: answer.status,
              contentType: res.headers['content-type'] ?? null,
              body: received,
            });
          } catch (error) {
            fail(error);
          }
          done(answer);
        });
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(text);
  });
}
