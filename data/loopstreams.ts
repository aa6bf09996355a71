import type { Sql, Store } from './store';

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

export async function listLoopstreams(db: Sql): Promise<LoopstreamRow[]> {
  return db.all<LoopstreamRow>('SELECT * FROM loopstreams ORDER BY created_at DESC, id DESC');
}

export async function findLoopstream(db: Sql, id: number): Promise<LoopstreamRow | undefined> {
  return db.get<LoopstreamRow>('SELECT * FROM loopstreams WHERE id = ?', [id]);
}

export async function createLoopstream(db: Store, input: NewLoopstream, at: string): Promise<LoopstreamRow> {
  return db.transaction(async (tx) => {
    const inserted = await tx.get<{ id: number }>(
      'INSERT INTO loopstreams (package_type, customer_name, ip_server, expired_date, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
      [input.package_type, input.customer_name, input.ip_server, input.expired_date, at],
    );
    return (await findLoopstream(tx, inserted!.id))!;
  });
}

/** True when a row was deleted. */
export async function deleteLoopstream(db: Store, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Unknown ids write nothing, so the journal holds only real changes.
    if (!(await findLoopstream(tx, id))) return false;
    return (await tx.run('DELETE FROM loopstreams WHERE id = ?', [id])).changes === 1;
  });
}
