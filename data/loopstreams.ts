import { likePattern } from './licenses/page';
import type { Sql, Store, Transaction } from './store';
import type { WithinChange } from './activity/activity-log';
import { normalizeSearch } from '../contract/rules/search';
import type { PackageType } from '../contract/calls/loopstreams';

export type LoopstreamRow = {
  id: number;
  package_type: PackageType;
  customer_name: string;
  /** `host:port`, IPv6 hosts in brackets. */
  ip_server: string;
  expired_date: string;
  created_at: string;
  /** The buyer who sees it on /lisensi; null on records older than the column. */
  buyer_email: string | null;
  /** The order it was set up from ("Set up LoopStream"); null when made by hand. */
  order_id: number | null;
};

/** `buyer_email` undefined: an update keeps the stored one. `order_id` is written once, by a set-up from an order. */
export type NewLoopstream = Omit<LoopstreamRow, 'id' | 'created_at' | 'buyer_email' | 'order_id'> & {
  buyer_email?: string | null;
  order_id?: number;
};

export type LoopstreamExpiryChange = { loopstream: LoopstreamRow; old: string; new: string };

const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';

/**
 * Every record, newest first; with a search, those whose customer name or server address
 * contains it (any case). A few hundred rows at most: a scan is fine on both engines.
 */
export async function listLoopstreams(db: Sql, search = ''): Promise<LoopstreamRow[]> {
  const needle = normalizeSearch(search);
  if (needle === '') return db.all<LoopstreamRow>(`SELECT * FROM loopstreams ${NEWEST_FIRST}`);
  const pattern = likePattern(needle);
  return db.all<LoopstreamRow>(
    `SELECT * FROM loopstreams WHERE lower(customer_name) LIKE ? ESCAPE '\\' OR lower(ip_server) LIKE ? ESCAPE '\\' ${NEWEST_FIRST}`,
    [pattern, pattern],
  );
}

export async function findLoopstream(db: Sql, id: number): Promise<LoopstreamRow | undefined> {
  return db.get<LoopstreamRow>('SELECT * FROM loopstreams WHERE id = ?', [id]);
}

export async function createLoopstream(
  db: Store,
  input: NewLoopstream,
  at: string,
  within?: WithinChange<LoopstreamRow>,
): Promise<LoopstreamRow> {
  return db.transaction(async (tx) => {
    const row = await insertLoopstreamIn(tx, input, at);
    await within?.(tx, row);
    return row;
  });
}

/** Inserts a record inside the caller's transaction (a set-up from an order writes its e-mail with it). */
export async function insertLoopstreamIn(tx: Transaction, input: NewLoopstream, at: string): Promise<LoopstreamRow> {
  const inserted = await tx.get<{ id: number }>(
    'INSERT INTO loopstreams (package_type, customer_name, ip_server, expired_date, created_at, buyer_email, order_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [
      input.package_type,
      input.customer_name,
      input.ip_server,
      input.expired_date,
      at,
      input.buyer_email ?? null,
      input.order_id ?? null,
    ],
  );
  return (await findLoopstream(tx, inserted!.id))!;
}

/** Replaces every field a create sets (the buyer's e-mail only when given); undefined when the id is unknown (nothing is written then). */
export async function updateLoopstream(
  db: Store,
  id: number,
  input: NewLoopstream,
  within?: WithinChange<{ before: LoopstreamRow; after: LoopstreamRow }>,
): Promise<LoopstreamRow | undefined> {
  return db.transaction(async (tx) => {
    const before = await findLoopstream(tx, id);
    if (!before) return undefined;
    const keepEmail = input.buyer_email === undefined;
    await tx.run(
      'UPDATE loopstreams SET package_type = ?, customer_name = ?, ip_server = ?, expired_date = ?, buyer_email = CASE WHEN ? = 1 THEN buyer_email ELSE ? END WHERE id = ?',
      [
        input.package_type,
        input.customer_name,
        input.ip_server,
        input.expired_date,
        keepEmail ? 1 : 0,
        input.buyer_email ?? null,
        id,
      ],
    );
    const after = (await findLoopstream(tx, id))!;
    await within?.(tx, { before, after });
    return after;
  });
}

/**
 * Sets a new expiry computed from the current one inside the transaction, so two concurrent
 * extensions both count. Undefined when the id is unknown.
 */
export async function changeLoopstreamExpiry(
  db: Store,
  id: number,
  compute: (current: LoopstreamRow) => string,
  within?: WithinChange<LoopstreamExpiryChange>,
): Promise<LoopstreamExpiryChange | undefined> {
  return db.transaction(async (tx) => {
    const current = await findLoopstream(tx, id);
    if (!current) return undefined;
    const next = compute(current);
    await tx.run('UPDATE loopstreams SET expired_date = ? WHERE id = ?', [next, id]);
    const change = { loopstream: (await findLoopstream(tx, id))!, old: current.expired_date, new: next };
    await within?.(tx, change);
    return change;
  });
}

/** True when a row was deleted. */
export async function deleteLoopstream(db: Store, id: number, within?: WithinChange<LoopstreamRow>): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Unknown ids write nothing, so the journal holds only real changes.
    const current = await findLoopstream(tx, id);
    if (!current) return false;
    await tx.run('DELETE FROM loopstreams WHERE id = ?', [id]);
    await within?.(tx, current);
    return true;
  });
}
