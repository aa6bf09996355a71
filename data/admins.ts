import type { WithinChange } from './activity/activity-log';
import type { Sql, Store } from './store';

export type AdminRow = { id: number; username: string; password_hash: string; created_at: string; updated_at: string };

export async function findAdminByUsername(db: Sql, username: string): Promise<AdminRow | undefined> {
  return db.get<AdminRow>('SELECT * FROM admins WHERE username = ?', [username]);
}

/** The one admin (the oldest row, should there ever be more). */
export async function findFirstAdmin(db: Sql): Promise<AdminRow | undefined> {
  return db.get<AdminRow>('SELECT * FROM admins ORDER BY id LIMIT 1');
}

export async function countAdmins(db: Sql): Promise<number> {
  return (await db.get<{ n: number }>('SELECT count(*) AS n FROM admins'))?.n ?? 0;
}

/** Creates the admin unless one exists already (instances starting together create it once). */
export async function createAdmin(db: Store, username: string, passwordHash: string, now: string): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await countAdmins(tx)) > 0) return;
    await tx.run('INSERT INTO admins (username, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)', [
      username,
      passwordHash,
      now,
      now,
    ]);
  });
}

/**
 * Sets the one admin's name and password, creating it if needed; ends every session. `within`
 * gets the name it had before (null when it is new), in the same transaction.
 */
export async function setAdminPassword(
  db: Store,
  username: string,
  passwordHash: string,
  now: string,
  within?: WithinChange<{ previousName: string | null }>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await findFirstAdmin(tx);
    if (existing) {
      await tx.run('UPDATE admins SET username = ?, password_hash = ?, updated_at = ? WHERE id = ?', [
        username,
        passwordHash,
        now,
        existing.id,
      ]);
    } else {
      await tx.run('INSERT INTO admins (username, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)', [
        username,
        passwordHash,
        now,
        now,
      ]);
    }
    await tx.run('DELETE FROM sessions');
    await within?.(tx, { previousName: existing?.username ?? null });
  });
}
