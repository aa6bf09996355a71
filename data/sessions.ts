import type { Sql } from './store';

export type SessionRow = {
  token_hash: string;
  admin_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
};

export async function insertSession(db: Sql, row: SessionRow): Promise<void> {
  await db.run('INSERT INTO sessions (token_hash, admin_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)', [
    row.token_hash,
    row.admin_id,
    row.created_at,
    row.last_seen_at,
    row.expires_at,
  ]);
}

export async function findSession(db: Sql, tokenHash: string): Promise<SessionRow | undefined> {
  return db.get<SessionRow>('SELECT * FROM sessions WHERE token_hash = ?', [tokenHash]);
}

export async function touchSession(db: Sql, tokenHash: string, lastSeenAt: number): Promise<void> {
  await db.run('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?', [lastSeenAt, tokenHash]);
}

export async function deleteSession(db: Sql, tokenHash: string): Promise<void> {
  await db.run('DELETE FROM sessions WHERE token_hash = ?', [tokenHash]);
}

/** Removes sessions past their absolute expiry or idle for longer than `idleMs`. */
export async function deleteExpiredSessions(db: Sql, now: number, idleMs: number): Promise<number> {
  return (await db.run('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?', [now, now - idleMs])).changes;
}
