/**
 * The owner's second factor: the TOTP secret (pending until a typed code confirms it), the last
 * time step a code was accepted for, and the single-use recovery codes (only their hashes).
 */
import type { WithinChange } from './activity/activity-log';
import type { Sql, Store, Transaction } from './store';

export type SecondFactorRow = {
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
};

export async function findSecondFactor(db: Sql, adminId: number): Promise<SecondFactorRow | undefined> {
  return db.get<SecondFactorRow>('SELECT totp_secret, totp_pending_secret, totp_last_step FROM admins WHERE id = ?', [
    adminId,
  ]);
}

export async function setPendingTotpSecret(db: Sql, adminId: number, secret: string): Promise<void> {
  await db.run('UPDATE admins SET totp_pending_secret = ? WHERE id = ?', [secret, adminId]);
}

/**
 * Takes time step `step` for the admin if no later or equal step was used: true once per step,
 * whichever instance asks first (one conditional UPDATE).
 */
export async function claimTotpStep(db: Sql, adminId: number, step: number): Promise<boolean> {
  const result = await db.run(
    'UPDATE admins SET totp_last_step = ? WHERE id = ? AND (totp_last_step IS NULL OR totp_last_step < ?)',
    [step, adminId, step],
  );
  return result.changes === 1;
}

/** Turns the pending secret on, with its first step used and a fresh set of recovery code hashes. */
export async function enableTotpIn(
  tx: Transaction,
  adminId: number,
  step: number,
  codeHashes: readonly string[],
  now: string,
): Promise<boolean> {
  const turnedOn = await tx.run(
    'UPDATE admins SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = ? WHERE id = ? AND totp_pending_secret IS NOT NULL',
    [step, adminId],
  );
  if (turnedOn.changes !== 1) return false;
  await tx.run('DELETE FROM admin_recovery_codes WHERE admin_id = ?', [adminId]);
  for (const hash of codeHashes) {
    await tx.run('INSERT INTO admin_recovery_codes (admin_id, code_hash, created_at) VALUES (?, ?, ?)', [
      adminId,
      hash,
      now,
    ]);
  }
  return true;
}

/** Marks a recovery code used: true only for the first use of an unused code of this admin. */
export async function useRecoveryCode(db: Sql, adminId: number, codeHash: string, now: string): Promise<boolean> {
  const result = await db.run(
    'UPDATE admin_recovery_codes SET used_at = ? WHERE admin_id = ? AND code_hash = ? AND used_at IS NULL',
    [now, adminId, codeHash],
  );
  return result.changes === 1;
}

export async function countUnusedRecoveryCodes(db: Sql, adminId: number): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT count(*) AS n FROM admin_recovery_codes WHERE admin_id = ? AND used_at IS NULL',
    [adminId],
  );
  return Number(row?.n ?? 0);
}

export type RemovedFactors = { totp: number; passkeys: number; recoveryCodes: number };

/**
 * Removes TOTP, recovery codes and passkeys of every admin (the owner lost the phone) and ends
 * every session (the lost phone may hold one); returns what went.
 */
export async function removeSecondFactors(db: Store, within?: WithinChange<RemovedFactors>): Promise<RemovedFactors> {
  return db.transaction(async (tx) => {
    const totp = await tx.run(
      'UPDATE admins SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE totp_secret IS NOT NULL OR totp_pending_secret IS NOT NULL',
    );
    const passkeys = await tx.run('DELETE FROM admin_passkeys');
    const recoveryCodes = await tx.run('DELETE FROM admin_recovery_codes');
    await tx.run('DELETE FROM auth_challenges');
    await tx.run('DELETE FROM sessions');
    const removed = { totp: totp.changes, passkeys: passkeys.changes, recoveryCodes: recoveryCodes.changes };
    await within?.(tx, removed);
    return removed;
  });
}

/** Turns TOTP off from the dashboard, in the caller's transaction: the secret and the recovery codes go; passkeys stay. */
export async function disableTotpIn(tx: Transaction, adminId: number): Promise<void> {
  await tx.run('UPDATE admins SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = ?', [
    adminId,
  ]);
  await tx.run('DELETE FROM admin_recovery_codes WHERE admin_id = ?', [adminId]);
}
