import type { Sql } from './store';

export type SessionRow = {
  token_hash: string;
  admin_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** What the sessions list names it by (never the token's hash). */
  public_id: string;
  /** The browser's User-Agent at sign-in, cut to 300 characters. */
  user_agent: string;
  ip: string;
};

export async function insertSession(db: Sql, row: SessionRow): Promise<void> {
  await db.run(
    'INSERT INTO sessions (token_hash, admin_id, created_at, last_seen_at, expires_at, public_id, user_agent, ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [
      row.token_hash,
      row.admin_id,
      row.created_at,
      row.last_seen_at,
      row.expires_at,
      row.public_id,
      row.user_agent,
      row.ip,
    ],
  );
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

/** The admin's live sessions (not past `now`'s expiry or idle limit), last used first. */
export async function listSessions(db: Sql, adminId: number, now: number, idleMs: number): Promise<SessionRow[]> {
  return db.all<SessionRow>(
    'SELECT * FROM sessions WHERE admin_id = ? AND expires_at > ? AND last_seen_at > ? ORDER BY last_seen_at DESC, created_at DESC',
    [adminId, now, now - idleMs],
  );
}

/** Ends one of the admin's sessions by its public id; false when there is none. */
export async function deleteSessionByPublicId(db: Sql, adminId: number, publicId: string): Promise<boolean> {
  return (await db.run('DELETE FROM sessions WHERE admin_id = ? AND public_id = ?', [adminId, publicId])).changes === 1;
}
