/**
 * The PostgreSQL schema, numbered and recorded in `schema_migrations`. v1 is the embedded store's
 * schema as of its v4, plus what only a shared store needs (blobs, rate counters, secrets).
 * Text that is compared or sorted uses the "C" collation, byte order as in SQLite, whatever the
 * database's locale: ISO times and keys then compare the same in both engines.
 * Never edit a released entry: add a new one (and its twin in data/sqlite/migrations.ts).
 */
import { insightDaysMigration, insightSummaryMigration } from '../insights/summary-migration';
import { ordersByHandMigration } from '../insights/by-hand-migration';
import { ID, TEXT } from './column-types';
import { SHOP_MIGRATIONS } from './migrations-shop';

export const POSTGRES_MIGRATIONS: readonly string[] = [
  ...SHOP_MIGRATIONS,
  // One signed string per order, re-splits counted, licences by lower(email) indexed: see the
  // twin in data/sqlite/migrations.ts. lower() of "C" text folds ASCII only, as SQLite's does.
  // Without that index, a SERIALIZABLE transaction's sequential scan of licences locks the whole
  // table, and every concurrent order then conflicts with every other.
  `
  ALTER TABLE orders ADD COLUMN signed_string ${TEXT};
  ALTER TABLE orders ADD COLUMN replays_refused INTEGER NOT NULL DEFAULT 0;
  UPDATE orders SET signed_string = (CAST(amount_idr AS TEXT) || ref_id || message_id) COLLATE "C"
    WHERE id IN (SELECT min(id) FROM orders GROUP BY (CAST(amount_idr AS TEXT) || ref_id || message_id) COLLATE "C");
  CREATE UNIQUE INDEX orders_signed_string ON orders (signed_string);
  CREATE INDEX licenses_email_lower ON licenses (lower(email), app_type);
  `,
  // Second factor, passkeys, challenges, sessions' device and IP: see the twin in data/sqlite/migrations.ts.
  `
  ALTER TABLE admins ADD COLUMN totp_secret TEXT;
  ALTER TABLE admins ADD COLUMN totp_pending_secret TEXT;
  ALTER TABLE admins ADD COLUMN totp_last_step BIGINT;
  CREATE TABLE admin_recovery_codes (
    id ${ID},
    admin_id BIGINT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    code_hash ${TEXT} NOT NULL UNIQUE,
    created_at ${TEXT} NOT NULL,
    used_at ${TEXT}
  );
  CREATE TABLE admin_passkeys (
    id ${ID},
    admin_id BIGINT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    credential_id ${TEXT} NOT NULL UNIQUE,
    public_key TEXT NOT NULL,
    counter BIGINT NOT NULL,
    transports TEXT NOT NULL,
    created_at ${TEXT} NOT NULL,
    last_used_at ${TEXT}
  );
  CREATE TABLE auth_challenges (
    challenge ${TEXT} PRIMARY KEY,
    kind ${TEXT} NOT NULL,
    admin_id BIGINT,
    expires_at BIGINT NOT NULL
  );
  ALTER TABLE sessions ADD COLUMN public_id ${TEXT};
  ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
  ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
  UPDATE sessions SET public_id = substr(md5(random()::text || token_hash), 1, 16);
  CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
  `,
  // 11: scheduled backups (api/backups/): one row per backup made or attempted, with its proof; the alert's one row.
  `
  CREATE TABLE backups (
    id ${ID},
    file ${TEXT} NOT NULL UNIQUE,
    started_at ${TEXT} NOT NULL,
    status ${TEXT} NOT NULL,
    bytes BIGINT,
    sha256 TEXT,
    counts TEXT,
    checked_at ${TEXT} NOT NULL,
    proved_at ${TEXT},
    error TEXT
  );
  CREATE INDEX backups_started ON backups (started_at);
  CREATE TABLE backup_alert (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    open_since ${TEXT},
    mailed_at ${TEXT}
  );
  `,
  // Buyers on /lisensi: one-time e-mailed links (hashed, used once), buyer sessions (hashed, by
  // lower-cased e-mail, so sign-out everywhere is one DELETE), the free trials (one per address
  // ever, one per device) and LoopStream access records' buyer e-mail (optional for old records).
  `
  CREATE TABLE buyer_links (
    token_hash ${TEXT} PRIMARY KEY,
    email ${TEXT} NOT NULL,
    purpose ${TEXT} NOT NULL,
    created_at ${TEXT} NOT NULL,
    expires_at ${TEXT} NOT NULL,
    used_at ${TEXT}
  );
  CREATE INDEX buyer_links_expires ON buyer_links (expires_at);
  CREATE TABLE buyer_sessions (
    token_hash ${TEXT} PRIMARY KEY,
    email ${TEXT} NOT NULL,
    created_at ${TEXT} NOT NULL,
    last_seen_at ${TEXT} NOT NULL
  );
  CREATE INDEX buyer_sessions_email ON buyer_sessions (email);
  CREATE TABLE trials (
    id ${ID},
    email ${TEXT} NOT NULL UNIQUE,
    license_id BIGINT NOT NULL UNIQUE,
    created_at ${TEXT} NOT NULL
  );
  CREATE TABLE trial_devices (
    device_id ${TEXT} PRIMARY KEY,
    license_id BIGINT NOT NULL,
    at ${TEXT} NOT NULL
  );
  ALTER TABLE loopstreams ADD COLUMN buyer_email ${TEXT};
  CREATE INDEX loopstreams_buyer_email ON loopstreams (lower(buyer_email));
  CREATE INDEX orders_email_lower ON orders (lower(customer_email));
  `,
  // Insights: see the twin in data/sqlite/migrations.ts.
  `
  CREATE INDEX licenses_expiry_created ON licenses (expired_date, created_at);
  CREATE INDEX licenses_created_expiry ON licenses (created_at, expired_date);
  CREATE INDEX loopstreams_expiry_created ON loopstreams (expired_date, created_at);
  CREATE INDEX loopstreams_created_expiry ON loopstreams (created_at, expired_date);
  CREATE INDEX license_events_type_at ON license_events (type, at);
  CREATE INDEX license_events_old_expiry ON license_events (((data::jsonb) ->> 'old')) WHERE type = 'expiry_changed';
  CREATE INDEX license_reminders_created ON license_reminders (created_at);
  `,
  // Insights: see the twin in data/sqlite/migrations.ts.
  `
  DROP INDEX license_events_type_at;
  CREATE INDEX license_events_type_at_device ON license_events (type, at, license_id, device_id);
  CREATE INDEX license_events_activations ON license_events (license_id, id, device_id) WHERE type = 'activated';
  `,
  // Insights: see the twin in data/sqlite/migrations.ts.
  `
  DROP INDEX license_events_activations;
  `,
  // The activity log: see the twin in data/sqlite/migrations.ts.
  `
  CREATE TABLE activity_log (
    id ${ID},
    at ${TEXT} NOT NULL,
    actor ${TEXT} NOT NULL,
    actor_label ${TEXT},
    ip ${TEXT},
    action ${TEXT} NOT NULL,
    object_type ${TEXT},
    object_id ${TEXT},
    summary TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT
  );
  CREATE INDEX activity_log_at ON activity_log (at, id);
  CREATE INDEX activity_log_actor ON activity_log (actor, at, id);
  CREATE INDEX activity_log_label ON activity_log (lower(actor_label), at, id);
  CREATE INDEX activity_log_action ON activity_log (action, at, id);
  CREATE INDEX activity_log_object ON activity_log (object_type, object_id, at, id);
  CREATE FUNCTION activity_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'activity_log is append-only';
  END;
  $$;
  CREATE TRIGGER activity_log_no_update BEFORE UPDATE ON activity_log
    FOR EACH ROW EXECUTE FUNCTION activity_log_append_only();
  CREATE TRIGGER activity_log_no_delete BEFORE DELETE ON activity_log
    FOR EACH ROW EXECUTE FUNCTION activity_log_append_only();
  CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON activity_log
    FOR EACH STATEMENT EXECUTE FUNCTION activity_log_append_only();
  `,
  // Licence health: see the twin in data/sqlite/migrations.ts.
  `
  ALTER TABLE licenses ADD COLUMN last_seen_ip TEXT;
  CREATE TABLE license_sightings (
    license_id BIGINT NOT NULL,
    day ${TEXT} NOT NULL,
    ip ${TEXT} NOT NULL,
    device_id ${TEXT} NOT NULL,
    validations INTEGER NOT NULL DEFAULT 0,
    refusals INTEGER NOT NULL DEFAULT 0,
    last_at ${TEXT} NOT NULL,
    PRIMARY KEY (license_id, day, ip, device_id)
  );
  CREATE INDEX license_sightings_day ON license_sightings (day, license_id);
  `,
  // Insights summaries: see the twin in data/sqlite/migrations.ts.
  insightSummaryMigration('postgres'),
  // Insights daily summaries: see the twin in data/sqlite/migrations.ts.
  insightDaysMigration('postgres'),
  // Orders resolved by hand: see the twin in data/sqlite/migrations.ts.
  ordersByHandMigration('postgres'),
  // Passkey names: see the twin in data/sqlite/migrations.ts.
  `ALTER TABLE admin_passkeys ADD COLUMN name ${TEXT} NOT NULL DEFAULT '';`,
];
