/**
 * Blobs of the PostgreSQL store: rows of the `blobs` table, so every instance reads the images
 * any instance stored, and a pg_dump holds them with the rows that name them. No shared folder
 * (NFS and its failure modes) is needed; an image is ~40 KB.
 */
import type { BlobStore, Sql } from '../store';

const SWEEP_BATCH = 500;

export class TableBlobs implements BlobStore {
  constructor(private readonly sql: Sql) {}

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await this.sql.run('INSERT INTO blobs (name, bytes, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [
      name,
      bytes,
      Date.now(),
    ]);
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    return (await this.sql.get<{ bytes: Uint8Array }>('SELECT bytes FROM blobs WHERE name = ?', [name]))?.bytes;
  }

  async remove(name: string): Promise<void> {
    await this.sql.run('DELETE FROM blobs WHERE name = ?', [name]).catch(() => undefined);
  }

  async sweep(keep: ReadonlySet<string>, before: number): Promise<number> {
    const old = await this.sql.all<{ name: string }>('SELECT name FROM blobs WHERE created_at < ?', [before]);
    const orphans = old.map((row) => row.name).filter((name) => !keep.has(name));
    for (let start = 0; start < orphans.length; start += SWEEP_BATCH) {
      const batch = orphans.slice(start, start + SWEEP_BATCH);
      await this.sql.run(`DELETE FROM blobs WHERE name IN (${batch.map(() => '?').join(', ')})`, batch);
    }
    return orphans.length;
  }
}
