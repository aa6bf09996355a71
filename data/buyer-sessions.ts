/**
 * The buyer side of /lisensi (docs/spec.md#buyer-account): one-time links e-mailed to an address
 * and the sessions they start. Both are kept by the SHA-256 of their token only, and in the
 * database, so a link e-mailed by one instance opens on another and a sign-out anywhere ends the
 * session everywhere. E-mails are stored lower-cased and trimmed.
 */
import type { LINK_PURPOSES, Word } from '../contract/rules/vocabulary';
import type { Sql } from './store';

export type LinkPurpose = Word<typeof LINK_PURPOSES>;

export type NewBuyerLink = {
  token_hash: string;
  email: string;
  purpose: LinkPurpose;
  created_at: string;
  expires_at: string;
};

export type BuyerSessionRow = { token_hash: string; email: string; created_at: string; last_seen_at: string };

export async function insertBuyerLink(db: Sql, link: NewBuyerLink): Promise<void> {
  await db.run('INSERT INTO buyer_links (token_hash, email, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', [
    link.token_hash,
    link.email,
    link.purpose,
    link.created_at,
    link.expires_at,
  ]);
}

/**
 * Marks the link used and returns it, only if it is unused and not expired: one statement, so of
 * two instances opening the same link at once exactly one gets it.
 */
export async function useBuyerLink(
  db: Sql,
  tokenHash: string,
  now: string,
): Promise<{ email: string; purpose: LinkPurpose } | undefined> {
  return db.get<{ email: string; purpose: LinkPurpose }>(
    'UPDATE buyer_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email, purpose',
    [now, tokenHash, now],
  );
}

/** Links that ended before `before` (used or expired): nothing needs them any more. */
export async function deleteOldBuyerLinks(db: Sql, before: string): Promise<number> {
  return (await db.run('DELETE FROM buyer_links WHERE expires_at < ?', [before])).changes;
}

export async function insertBuyerSession(db: Sql, row: BuyerSessionRow): Promise<void> {
  await db.run('INSERT INTO buyer_sessions (token_hash, email, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [
    row.token_hash,
    row.email,
    row.created_at,
    row.last_seen_at,
  ]);
}

export async function findBuyerSession(db: Sql, tokenHash: string): Promise<BuyerSessionRow | undefined> {
  return db.get<BuyerSessionRow>(
    'SELECT token_hash, email, created_at, last_seen_at FROM buyer_sessions WHERE token_hash = ?',
    [tokenHash],
  );
}

export async function touchBuyerSession(db: Sql, tokenHash: string, at: string): Promise<void> {
  await db.run('UPDATE buyer_sessions SET last_seen_at = ? WHERE token_hash = ?', [at, tokenHash]);
}

export async function deleteBuyerSession(db: Sql, tokenHash: string): Promise<void> {
  await db.run('DELETE FROM buyer_sessions WHERE token_hash = ?', [tokenHash]);
}

/** Sign out everywhere: every session of the address, whichever instance started it. */
export async function deleteBuyerSessionsOf(db: Sql, email: string): Promise<number> {
  return (await db.run('DELETE FROM buyer_sessions WHERE email = ?', [email])).changes;
}

/** Sessions idle since before `before`. */
export async function deleteIdleBuyerSessions(db: Sql, before: string): Promise<number> {
  return (await db.run('DELETE FROM buyer_sessions WHERE last_seen_at < ?', [before])).changes;
}
