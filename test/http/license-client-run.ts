import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnswerMismatch, checkedFetch, failTestProcess } from '../answer-check';

export type Run = { code: number; output: string };

/** Runs the reference client as a user would (its own process) and collects what it printed. */
export function client(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/license-client/license-client.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

type Json = Record<string, unknown>;

/** What the relay does to each POST: rewrite the request, the path, or answer on its own. */
export type Tamper = {
  path?: (path: string) => string;
  request?: (body: Json) => Json;
  /** Returns the answer to send instead of the server's (e.g. a recorded one), or undefined to pass it on. */
  answer?: (answer: { status: number; json: Json }) => { status: number; json: Json } | undefined;
};

export type Relay = { url: string; tamper: Tamper; close: () => Promise<void> };

/** A man in the middle between the client and the real server; `relay.tamper` is set per case. */
export async function startRelay(target: string): Promise<Relay> {
  const relay: Relay = { url: '', tamper: {}, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const { tamper } = relay;
        const path = tamper.path?.(req.url ?? '/') ?? req.url ?? '/';
        const text = Buffer.concat(chunks).toString('utf8');
        const body =
          req.method === 'POST'
            ? JSON.stringify(tamper.request?.(JSON.parse(text) as Json) ?? JSON.parse(text))
            : undefined;
        const response = await checkedFetch(target + path, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          body,
        });
        const real = { status: response.status, json: (await response.json()) as Json };
        const sent = (req.method === 'POST' && tamper.answer?.(real)) || real;
        res.writeHead(sent.status, { 'content-type': 'application/json' }).end(JSON.stringify(sent.json));
      })().catch((error: unknown) => {
        // The client sees only a 502: a server answer off the API document must still fail the test.
        if (error instanceof AnswerMismatch) failTestProcess(error);
        res.writeHead(502).end();
      });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = () => new Promise<void>((done) => server.close(() => done()));
  return relay;
}
