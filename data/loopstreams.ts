import type { Database } from './database';

export type PackageType = 'Paket 1' | 'Paket 2';

export type LoopstreamRow = {
  id: number;
  package_type: PackageType;
  customer_name: string;
  /** `host:port`, IPv6 hosts in brackets. */
  ip_server: string;
  expired_date: string;
  created_at: string;
};

export type NewLoopstream = Omit<LoopstreamRow, 'id' | 'created_at'>;

export async function listLoopstreams(db: Database): Promise<LoopstreamRow[]> {
  return db.prepare('SELECT * FROM loopstreams ORDER BY created_at DESC, id DESC').all<LoopstreamRow>();
}

export async function findLoopstream(db: Database, id: number): Promise<LoopstreamRow | undefined> {
  return db.prepare('SELECT * FROM loopstreams WHERE id = ?').get<LoopstreamRow>(id);
}

export async function createLoopstream(db: Database, input: NewLoopstream, at: string): Promise<LoopstreamRow> {
  return db.transaction(() => {
    const { lastInsertRowid } = db
      .prepare('INSERT INTO loopstreams (package_type, customer_name, ip_server, expired_date, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(input.package_type, input.customer_name, input.ip_server, input.expired_date, at);
    return db.prepare('SELECT * FROM loopstreams WHERE id = ?').get<LoopstreamRow>(lastInsertRowid)!;
  });
}

/** True when a row was deleted. */
export async function deleteLoopstream(db: Database, id: number): Promise<boolean> {
  return db.transaction(() => {
    // Unknown ids write nothing, so the journal holds only real changes.
    if (!db.prepare('SELECT 1 AS found FROM loopstreams WHERE id = ?').get(id)) return false;
    return db.prepare('DELETE FROM loopstreams WHERE id = ?').run(id).changes === 1;
  });
}
