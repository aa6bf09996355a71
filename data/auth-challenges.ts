/**
 * Short-lived, single-use values of the sign-in: WebAuthn challenges and the half-signed-in login
 * waiting for its second factor (by its token's hash). In the database, so any instance can finish
 * what another began.
 */
import type { Sql } from './store';

export type ChallengeKind = 'passkey-register' | 'passkey-login' | 'login-pending';

export type ChallengeRow = { challenge: string; kind: ChallengeKind; admin_id: number | null; expires_at: number };

export async function insertChallenge(db: Sql, row: ChallengeRow): Promise<void> {
  await db.run('INSERT INTO auth_challenges (challenge, kind, admin_id, expires_at) VALUES (?, ?, ?, ?)', [
    row.challenge,
    row.kind,
    row.admin_id,
    row.expires_at,
  ]);
}

/** The live challenge, without using it up. */
export async function findChallenge(
  db: Sql,
  challenge: string,
  kind: ChallengeKind,
  now: number,
): Promise<ChallengeRow | undefined> {
  return db.get<ChallengeRow>('SELECT * FROM auth_challenges WHERE challenge = ? AND kind = ? AND expires_at > ?', [
    challenge,
    kind,
    now,
  ]);
}

/** Uses the challenge up: true only for the first caller, and only while it is live. */
export async function consumeChallenge(db: Sql, challenge: string, kind: ChallengeKind, now: number): Promise<boolean> {
  const result = await db.run('DELETE FROM auth_challenges WHERE challenge = ? AND kind = ? AND expires_at > ?', [
    challenge,
    kind,
    now,
  ]);
  return result.changes === 1;
}

export async function deleteExpiredChallenges(db: Sql, now: number): Promise<number> {
  return (await db.run('DELETE FROM auth_challenges WHERE expires_at <= ?', [now])).changes;
}
