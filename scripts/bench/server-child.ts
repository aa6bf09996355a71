/**
 * A server in its own process for the benchmarks: started, awaited until its first /healthz
 * answers (the time to that is its start-up figure), its RSS read from /proc, stopped by SIGTERM.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export type Child = { process: ChildProcess; url: string; startMs: number };

/** Runs `node <args>` and resolves once it printed "Listening on http://host:port" and /healthz is ok. */
export function startChild(args: string[], env: NodeJS.ProcessEnv): Promise<Child> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveChild, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Listening on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
      if (!port) return;
      const url = `http://127.0.0.1:${port}`;
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      const poll = async (): Promise<void> => {
        for (;;) {
          const ok = await fetch(`${url}/healthz`).then(
            (answer) => answer.ok,
            () => false,
          );
          if (ok) return resolveChild({ process: child, url, startMs: performance.now() - started });
          await new Promise((wait) => setTimeout(wait, 5));
        }
      };
      void poll();
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code}): ${output}`)));
  });
}

export function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** SIGTERM to each child still running; resolves once all have exited (each flushes its storage first). */
export async function stopChildren(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((done) =>
          child.exitCode !== null ? done(null) : (child.once('exit', done), child.kill('SIGTERM')),
        ),
    ),
  );
}
