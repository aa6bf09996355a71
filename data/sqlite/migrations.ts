import { NewerSchemaError } from '../newer-schema-error';
import type { Database } from './database';
import { insightDaysMigration, insightSummaryMigration } from '../insights/summary-migration';
import { ordersByHandMigration } from '../insights/by-hand-migration';
import { SHOP_MIGRATIONS } from './migrations-shop';

/**
 * Schema versions, applied in order on start and recorded in PRAGMA user_version. Each runs in
 * one journaled transaction, so a replay after a crash rebuilds the schema exactly as it was.
 * Never edit a released entry: add a new one.
 */
export const MIGRATIONS: readonly string[] = [
  ...SHOP_MIGRATIONS,
  // A Lynk.id signature covers grandTotal + refId + message_id with nothing between them, so one
  // captured delivery re-split at another boundary still verifies: the signed string is unique,
  // and refused re-splits are counted on the order they copied. Existing orders get theirs (the
  // first order of each string only, should a re-split already have got in). The buyer's
  // licences are looked up by lower(email) inside every order's transaction: indexed.
  `
  ALTER TABLE orders ADD COLUMN signed_string TEXT;
  ALTER TABLE orders ADD COLUMN replays_refused INTEGER NOT NULL DEFAULT 0;
  UPDATE orders SET signed_string = CAST(amount_idr AS TEXT) || ref_id || message_id
    WHERE id IN (SELECT min(id) FROM orders GROUP BY CAST(amount_idr AS TEXT) || ref_id || message_id);
  CREATE UNIQUE INDEX orders_signed_string ON orders (signed_string);
  CREATE INDEX licenses_email_lower ON licenses (lower(email), app_type);
  `,
  // The owner's second factor: a TOTP secret (pending until a typed code confirms it) and the last
  // time step used, so a code counts once; recovery codes (hashed, single use); passkeys; the
  // WebAuthn challenges and half-signed-in logins, in the database so any instance can finish them.
  // Sessions learn their device and IP for the sessions list, and an id that is not the token's hash.
  `
  ALTER TABLE admins ADD COLUMN totp_secret TEXT;
  ALTER TABLE admins ADD COLUMN totp_pending_secret TEXT;
  ALTER TABLE admins ADD COLUMN totp_last_step INTEGER;
  CREATE TABLE admin_recovery_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    admin_id INTEGER NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE TABLE admin_passkeys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    admin_id INTEGER NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    credential_id TEXT NOT NULL UNIQUE,
    public_key TEXT NOT NULL,
    counter INTEGER NOT NULL,
    transports TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  );
  CREATE TABLE auth_challenges (
    challenge TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    admin_id INTEGER,
    expires_at INTEGER NOT NULL
  );
  ALTER TABLE sessions ADD COLUMN public_id TEXT;
  ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
  UPDATE sessions SET public_id = lower(hex(randomblob(8)));
  CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
  `,
  // 18: scheduled backups (api/backups/): one row per backup made or attempted, with its proof; the alert's one row.
  `
  CREATE TABLE backups (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    file TEXT NOT NULL UNIQUE,
    started_at TEXT NOT NULL,
    status TEXT NOT NULL,
    bytes INTEGER,
    sha256 TEXT,
    counts TEXT,
    checked_at TEXT NOT NULL,
    proved_at TEXT,
    error TEXT
  );
  CREATE INDEX backups_started ON backups (started_at);
  CREATE TABLE backup_alert (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    open_since TEXT,
    mailed_at TEXT
  );
  `,
  // Buyers on /lisensi: one-time e-mailed links (hashed, used once), buyer sessions (hashed, by
  // lower-cased e-mail, so sign-out everywhere is one DELETE), the free trials (one per address
  // ever, one per device) and LoopStream access records' buyer e-mail (optional for old records).
  `
  CREATE TABLE buyer_links (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    purpose TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX buyer_links_expires ON buyer_links (expires_at);
  CREATE TABLE buyer_sessions (
    token_hash TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL
  );
  CREATE INDEX buyer_sessions_email ON buyer_sessions (email);
  CREATE TABLE trials (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    license_id INTEGER NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  );
  CREATE TABLE trial_devices (
    device_id TEXT PRIMARY KEY,
    license_id INTEGER NOT NULL,
    at TEXT NOT NULL
  );
  ALTER TABLE loopstreams ADD COLUMN buyer_email TEXT;
  CREATE INDEX loopstreams_buyer_email ON loopstreams (lower(buyer_email));
  CREATE INDEX orders_email_lower ON orders (lower(customer_email));
  `,
  // Insights: every figure is an aggregate over one index range of the period (expiries, creation
  // times, audit events by type and time, the expiry a paid order moved, reminders by time).
  `
  CREATE INDEX licenses_expiry_created ON licenses (expired_date, created_at);
  CREATE INDEX licenses_created_expiry ON licenses (created_at, expired_date);
  CREATE INDEX loopstreams_expiry_created ON loopstreams (expired_date, created_at);
  CREATE INDEX loopstreams_created_expiry ON loopstreams (created_at, expired_date);
  CREATE INDEX license_events_type_at ON license_events (type, at);
  CREATE INDEX license_events_old_expiry ON license_events (json_extract(data, '$.old')) WHERE type = 'expiry_changed';
  CREATE INDEX license_reminders_created ON license_reminders (created_at);
  `,
  // Insights, measured at 500,000 audit events: the period's device events read from the index
  // alone (licence and device in it), and each activation's earlier ones from a small index of
  // activations only, instead of a table read per row.
  `
  DROP INDEX license_events_type_at;
  CREATE INDEX license_events_type_at_device ON license_events (type, at, license_id, device_id);
  CREATE INDEX license_events_activations ON license_events (license_id, id, device_id) WHERE type = 'activated';
  `,
  // Insights: device moves are counted from the releases (deactivated, admin_unbound) in the
  // period's index range; the index of earlier activations is no longer read.
  `
  DROP INDEX license_events_activations;
  `,
  // The activity log: every change anyone made, newest first by (at, id), filtered by who, what,
  // object and period through one index each. Append-only: triggers refuse UPDATE and DELETE
  // (docs/spec.md#activity-log).
  `
  CREATE TABLE activity_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    actor_label TEXT,
    ip TEXT,
    action TEXT NOT NULL,
    object_type TEXT,
    object_id TEXT,
    summary TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT
  );
  CREATE INDEX activity_log_at ON activity_log (at, id);
  CREATE INDEX activity_log_actor ON activity_log (actor, at, id);
  CREATE INDEX activity_log_label ON activity_log (lower(actor_label), at, id);
  CREATE INDEX activity_log_action ON activity_log (action, at, id);
  CREATE INDEX activity_log_object ON activity_log (object_type, object_id, at, id);
  CREATE TRIGGER activity_log_no_update BEFORE UPDATE ON activity_log
  BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END;
  CREATE TRIGGER activity_log_no_delete BEFORE DELETE ON activity_log
  BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END;
  `,
  // Licence health (data/licenses/sightings.ts): per licence, day of the shop's zone, address and
  // device, how many validations were answered and refused; written with the coalesced last-seen
  // flush, which now also keeps the last address a licence validated from.
  `
  ALTER TABLE licenses ADD COLUMN last_seen_ip TEXT;
  CREATE TABLE license_sightings (
    license_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    ip TEXT NOT NULL,
    device_id TEXT NOT NULL,
    validations INTEGER NOT NULL DEFAULT 0,
    refusals INTEGER NOT NULL DEFAULT 0,
    last_at TEXT NOT NULL,
    PRIMARY KEY (license_id, day, ip, device_id)
  );
  CREATE INDEX license_sightings_day ON license_sightings (day, license_id);
  `,
  // Insights at a large shop's size: hourly summaries kept by triggers in the same transaction as
  // the rows they count, and the licences seen from several devices (data/insights/summary-migration.ts).
  insightSummaryMigration('sqlite'),
  // Insights: the hourly summaries added up per UTC day, so a year reads hundreds of rows a figure.
  insightDaysMigration('sqlite'),
  // Orders resolved by hand count as revenue; a LoopStream record knows the order it was set up for
  // (data/insights/by-hand-migration.ts).
  ordersByHandMigration('sqlite'),
  // Passkeys get a name the owner chooses (empty: the Security view numbers them).
  `ALTER TABLE admin_passkeys ADD COLUMN name TEXT NOT NULL DEFAULT '';`,
];

export async function migrate(db: Database, migrations: readonly string[] = MIGRATIONS): Promise<number> {
  const current = Number(db.prepare('PRAGMA user_version').get<{ user_version: number }>()?.user_version ?? 0);
  if (current > migrations.length) {
    // An older build on a newer schema would misread it (v4 stores key hashes as bytes).
    throw new NewerSchemaError(current, migrations.length);
  }
  for (let version = current + 1; version <= migrations.length; version++) {
    const sql = migrations[version - 1]!;
    await db.transaction(() => {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${version}`);
    });
  }
  return migrations.length;
}
