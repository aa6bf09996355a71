import type { Database } from './database';

export type SessionRow = {
  token_hash: string;
  admin_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
};

export async function insertSession(db: Database, row: SessionRow): Promise<void> {
  await db.transaction(() => {
    db.prepare(
      'INSERT INTO sessions (token_hash, admin_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    ).run(row.token_hash, row.admin_id, row.created_at, row.last_seen_at, row.expires_at);
  });
}

export async function findSession(db: Database, tokenHash: string): Promise<SessionRow | undefined> {
  return db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get<SessionRow>(tokenHash);
}

export async function touchSession(db: Database, tokenHash: string, lastSeenAt: number): Promise<void> {
  await db.transaction(() => {
    db.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?').run(lastSeenAt, tokenHash);
  });
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.transaction(() => {
    db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  });
}

/** Removes sessions past their absolute expiry or idle for longer than `idleMs`. */
export async function deleteExpiredSessions(db: Database, now: number, idleMs: number): Promise<number> {
  return db.transaction(() => {
    return db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(now, now - idleMs).changes;
  });
}
