import type { Sql } from '../store';

/** The username of an admin id, for the log's "who" (undefined once the admin is gone). */
export async function adminUsername(db: Sql, adminId: number): Promise<string | undefined> {
  return (await db.get<{ username: string }>('SELECT username FROM admins WHERE id = ?', [adminId]))?.username;
}
