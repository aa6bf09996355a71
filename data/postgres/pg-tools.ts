/**
 * PostgreSQL's own programs (pg_dump, pg_restore, initdb...) from Debian's packages: on PATH
 * (Debian's wrappers pick the newest installed version) or under /usr/lib/postgresql/N/bin.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const ROOT = '/usr/lib/postgresql';

/** The newest /usr/lib/postgresql/N/bin holding pg_ctl (PG_BIN overrides); undefined when none. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'pg_ctl'))) return process.env.PG_BIN;
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT)
    .filter((name) => existsSync(join(ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(ROOT, versions[0], 'bin') : undefined;
}

/** The path of a client program, or undefined when it is not installed. */
export function findPostgresTool(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  const bin = postgresBinDir();
  if (bin && existsSync(join(bin, name))) return join(bin, name);
  if (!existsSync(ROOT)) return undefined;
  const versions = readdirSync(ROOT).sort((a, b) => Number(b) - Number(a));
  const found = versions.map((version) => join(ROOT, version, 'bin', name)).find((path) => existsSync(path));
  return found;
}

function requireTool(name: string): string {
  const tool = findPostgresTool(name);
  if (!tool)
    throw new Error(
      `${name} is not installed: apt-get install postgresql-client (Debian's package of the PostgreSQL programs)`,
    );
  return tool;
}

/** Runs a PostgreSQL program; refuses with a clear line when it is missing, with its own message when it fails. */
export async function runPostgresTool(name: string, args: string[]): Promise<string> {
  const tool = requireTool(name);
  return new Promise((resolve, reject) => {
    execFile(tool, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${name} failed: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
  });
}

/** `from | to`: the output of one program into another; fails when either does. */
export async function pipePostgresTools(from: [string, string[]], to: [string, string[]]): Promise<void> {
  const [source, sink] = [requireTool(from[0]), requireTool(to[0])];
  const ended = (child: ReturnType<typeof spawn>, name: string): Promise<void> => {
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`${name} failed: ${stderr.trim() || `exit ${code}`}`)),
      );
    });
  };
  const producer = spawn(source, from[1], { stdio: ['ignore', 'pipe', 'pipe'] });
  const consumer = spawn(sink, to[1], { stdio: ['pipe', 'ignore', 'pipe'] });
  producer.stdout!.pipe(consumer.stdin!);
  await Promise.all([ended(producer, from[0]), ended(consumer, to[0])]);
}
