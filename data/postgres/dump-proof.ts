/**
 * The proof of a pg_dump archive (custom format) without a second database: `pg_restore --list`
 * reads its table of contents, then `pg_restore --data-only --file=-` decompresses every table's
 * data (zlib checks each block) and the COPY rows are counted per table. A restore into a scratch
 * database would prove the DDL too, but needs CREATEDB, which the shop's role should not hold, and
 * doubles the load on the production server; the schema is the migrations', known to load.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { BackupProof } from '../sqlite/backup-proof';
import { findPostgresTool, runPostgresTool } from './pg-tools';

async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `public.table` names in the archive's table of contents that carry data. */
function tablesWithData(toc: string): string[] {
  const names: string[] = [];
  for (const line of toc.split('\n')) {
    const found = /^\d+; \d+ \d+ TABLE DATA (\S+) (\S+) /.exec(line);
    if (found) names.push(`${found[1]}.${found[2]}`);
  }
  return names.sort();
}

/** Rows per table in the archive's data stream. */
async function countCopyRows(file: string): Promise<Record<string, number>> {
  const tool = findPostgresTool('pg_restore');
  if (!tool) throw new Error('pg_restore is not installed: apt-get install postgresql-client');
  const child = spawn(tool, ['--data-only', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('close', done);
  });
  const counts: Record<string, number> = {};
  let table: string | undefined;
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (table === undefined) {
      const copy = /^COPY (\S+) \(.*\) FROM stdin;$/.exec(line);
      if (copy) counts[(table = copy[1]!)] = 0;
    } else if (line === '\\.') table = undefined;
    else counts[table]! += 1;
  }
  const code = await closed;
  if (code !== 0) throw new Error(`pg_restore could not read the data: ${stderr.trim() || `exit ${code}`}`);
  if (table !== undefined) throw new Error(`the data of ${table} ends early`);
  return counts;
}

export async function provePostgresDump(file: string): Promise<BackupProof> {
  const [bytes, sha256] = [(await stat(file)).size, await fileHash(file)];
  const toc = await runPostgresTool('pg_restore', ['--list', file]);
  const expected = tablesWithData(toc);
  if (expected.length === 0) throw new Error('the archive lists no table data');
  const counts = await countCopyRows(file);
  const missing = expected.filter((name) => !(name in counts));
  if (missing.length > 0) throw new Error(`no data read for ${missing.join(', ')}`);
  return {
    bytes,
    sha256,
    counts: Object.fromEntries(Object.entries(counts).map(([name, rows]) => [name.replace(/^public\./, ''), rows])),
  };
}
