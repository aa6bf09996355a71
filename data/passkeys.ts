/** The owner's passkeys (WebAuthn credentials): public key, signature counter, transports. */
import type { Sql } from './store';

export type PasskeyRow = {
  id: number;
  admin_id: number;
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  counter: number;
  /** JSON list of transports as the authenticator reported them. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
  /** The owner's name for it; empty until one is given (the Security view numbers them). */
  name: string;
};

export async function listPasskeys(db: Sql, adminId: number): Promise<PasskeyRow[]> {
  return db.all<PasskeyRow>('SELECT * FROM admin_passkeys WHERE admin_id = ? ORDER BY id', [adminId]);
}

export async function findPasskey(db: Sql, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.get<PasskeyRow>('SELECT * FROM admin_passkeys WHERE credential_id = ?', [credentialId]);
}

export async function insertPasskey(
  db: Sql,
  row: Omit<PasskeyRow, 'id' | 'last_used_at' | 'name'> & { name?: string },
): Promise<void> {
  await db.run(
    'INSERT INTO admin_passkeys (admin_id, credential_id, public_key, counter, transports, created_at, name) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [row.admin_id, row.credential_id, row.public_key, row.counter, row.transports, row.created_at, row.name ?? ''],
  );
}

/** The admin's passkey as it was before the new name, or undefined when it has no such passkey. */
export async function renamePasskey(
  db: Sql,
  adminId: number,
  id: number,
  name: string,
): Promise<PasskeyRow | undefined> {
  const before = await db.get<PasskeyRow>('SELECT * FROM admin_passkeys WHERE admin_id = ? AND id = ?', [adminId, id]);
  if (!before) return undefined;
  await db.run('UPDATE admin_passkeys SET name = ? WHERE admin_id = ? AND id = ?', [name, adminId, id]);
  return before;
}

export async function markPasskeyUsed(db: Sql, id: number, counter: number, now: string): Promise<void> {
  await db.run('UPDATE admin_passkeys SET counter = ?, last_used_at = ? WHERE id = ?', [counter, now, id]);
}

export async function deletePasskey(db: Sql, adminId: number, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM admin_passkeys WHERE admin_id = ? AND id = ?', [adminId, id])).changes === 1;
}
