import type { Database } from './database';

export type AdminRow = { id: number; username: string; password_hash: string; created_at: string; updated_at: string };

export async function findAdminByUsername(db: Database, username: string): Promise<AdminRow | undefined> {
  return db.prepare('SELECT * FROM admins WHERE username = ?').get<AdminRow>(username);
}

/** The one admin (the oldest row, should there ever be more). */
export async function findFirstAdmin(db: Database): Promise<AdminRow | undefined> {
  return db.prepare('SELECT * FROM admins ORDER BY id LIMIT 1').get<AdminRow>();
}

export async function countAdmins(db: Database): Promise<number> {
  return db.prepare('SELECT count(*) AS n FROM admins').get<{ n: number }>()?.n ?? 0;
}

export async function createAdmin(db: Database, username: string, passwordHash: string, now: string): Promise<void> {
  await db.transaction(() => {
    db.prepare('INSERT INTO admins (username, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
      username,
      passwordHash,
      now,
      now,
    );
  });
}

/** Sets the one admin's name and password, creating it if needed; ends every session. */
export async function setAdminPassword(db: Database, username: string, passwordHash: string, now: string): Promise<void> {
  await db.transaction(() => {
    const existing = db.prepare('SELECT id FROM admins ORDER BY id LIMIT 1').get<{ id: number }>();
    if (existing) {
      db.prepare('UPDATE admins SET username = ?, password_hash = ?, updated_at = ? WHERE id = ?').run(
        username,
        passwordHash,
        now,
        existing.id,
      );
    } else {
      db.prepare('INSERT INTO admins (username, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
        username,
        passwordHash,
        now,
        now,
      );
    }
    db.prepare('DELETE FROM sessions').run();
  });
}
