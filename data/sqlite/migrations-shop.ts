/**
 * The embedded store's first schema versions: the licence server, LoopStream, prompts, the
 * storefront, orders and e-mail. Later versions follow in migrations.ts. Never edit a released
 * entry: add a new one at the end of MIGRATIONS.
 */
export const SHOP_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE admins (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    admin_id INTEGER NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE licenses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    license_key TEXT NOT NULL UNIQUE,
    key_sha256 TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    app_type TEXT NOT NULL CHECK (app_type IN ('loopbot', 'loopstream')),
    status TEXT NOT NULL DEFAULT 'active',
    expired_date TEXT NOT NULL,
    device_id TEXT,
    device_name TEXT,
    device_activated_at TEXT,
    last_seen_at TEXT,
    app_version TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX licenses_email ON licenses (email COLLATE NOCASE);
  CREATE INDEX licenses_created ON licenses (created_at DESC, id DESC);
  CREATE TABLE license_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    license_id INTEGER NOT NULL,
    type TEXT NOT NULL,
    actor TEXT NOT NULL,
    device_id TEXT,
    at TEXT NOT NULL,
    data TEXT
  );
  CREATE INDEX license_events_license ON license_events (license_id, id);
  CREATE TABLE loopstreams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    package_type TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    ip_server TEXT NOT NULL,
    expired_date TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE configs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    config_key TEXT NOT NULL UNIQUE,
    config_value TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE prompts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    prompt_template TEXT NOT NULL DEFAULT '',
    prompt_music TEXT NOT NULL DEFAULT '',
    image_path TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX prompts_created ON prompts (created_at DESC, id DESC);
  `,
  // Licence search counts and dashboard stats inside covering indexes instead of reading rows.
  `
  DROP INDEX licenses_email;
  CREATE INDEX licenses_email_key ON licenses (email COLLATE NOCASE, license_key);
  CREATE INDEX licenses_status_expiry ON licenses (status, expired_date);
  CREATE INDEX licenses_device ON licenses (device_id) WHERE device_id IS NOT NULL;
  `,
  // Licence search moved to the in-memory text index ("contains", not prefix): the e-mail index
  // only cost memory (~7 MB at 100,000 licences; the whole database lives in RAM).
  `
  DROP INDEX licenses_email_key;
  `,
  // Memory again (~11 MB at 100,000 licences): the key hash becomes its 32 bytes instead of 64
  // hex characters, in the table and in its unique index, and the unique index on the key itself
  // goes: keys are normalised before hashing, so the hash's uniqueness is the key's, and every
  // lookup goes through the hash. SQLite cannot alter a column's type or drop a UNIQUE
  // constraint, so the table is rebuilt; its AUTOINCREMENT counter is carried over so the ids of
  // deleted licences are never given out again.
  `
  CREATE TABLE licenses_v4 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    license_key TEXT NOT NULL,
    key_sha256 BLOB NOT NULL UNIQUE CHECK (length(key_sha256) = 32),
    email TEXT NOT NULL,
    app_type TEXT NOT NULL CHECK (app_type IN ('loopbot', 'loopstream')),
    status TEXT NOT NULL DEFAULT 'active',
    expired_date TEXT NOT NULL,
    device_id TEXT,
    device_name TEXT,
    device_activated_at TEXT,
    last_seen_at TEXT,
    app_version TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  INSERT INTO licenses_v4 (id, license_key, key_sha256, email, app_type, status, expired_date, device_id, device_name,
      device_activated_at, last_seen_at, app_version, created_at, updated_at)
    SELECT id, license_key, unhex(key_sha256), email, app_type, status, expired_date, device_id, device_name,
      device_activated_at, last_seen_at, app_version, created_at, updated_at
    FROM licenses;
  DELETE FROM sqlite_sequence WHERE name = 'licenses_v4';
  INSERT INTO sqlite_sequence (name, seq) SELECT 'licenses_v4', seq FROM sqlite_sequence WHERE name = 'licenses';
  DROP TABLE licenses;
  ALTER TABLE licenses_v4 RENAME TO licenses;
  CREATE INDEX licenses_created ON licenses (created_at DESC, id DESC);
  CREATE INDEX licenses_status_expiry ON licenses (status, expired_date);
  CREATE INDEX licenses_device ON licenses (device_id) WHERE device_id IS NOT NULL;
  `,
  // Storefront (docs/spec.md#catalogue): the plans the shop sells, and its contacts, videos and earnings
  // screenshot as named JSON values; seeded by the server on first start.
  `
  CREATE TABLE storefront_plans (
    id TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    product TEXT NOT NULL CHECK (product IN ('loopbot', 'loopstream', 'combo')),
    name TEXT NOT NULL,
    price_idr INTEGER NOT NULL,
    duration_days INTEGER,
    checkout_url TEXT NOT NULL,
    available INTEGER NOT NULL,
    most_popular INTEGER NOT NULL,
    lynk_titles TEXT NOT NULL,
    note TEXT NOT NULL,
    perks TEXT NOT NULL,
    streams_720p INTEGER,
    streams_1080p INTEGER,
    streams_4k INTEGER,
    storage_gb INTEGER,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE storefront_values (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  `,
  // Orders and e-mail (docs/spec.md#orders-from-lynkid, docs/spec.md#outbox): paid marketplace orders and the licences they issued or
  // extended, the outbox of every e-mail, and the renewal reminders sent (one per licence per expiry).
  `
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref_id TEXT NOT NULL UNIQUE,
    message_id TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    customer_phone TEXT NOT NULL,
    items TEXT NOT NULL,
    amount_idr INTEGER NOT NULL,
    status TEXT NOT NULL,
    note TEXT NOT NULL,
    handled_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
  CREATE TABLE order_licenses (
    order_id INTEGER NOT NULL,
    license_id INTEGER NOT NULL,
    change TEXT NOT NULL,
    days INTEGER NOT NULL,
    plan_id TEXT,
    PRIMARY KEY (order_id, license_id)
  );
  CREATE INDEX order_licenses_license ON order_licenses (license_id, order_id);
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    next_attempt_at TEXT NOT NULL,
    order_id INTEGER,
    license_id INTEGER,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    sent_at TEXT
  );
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  CREATE INDEX outbox_created ON outbox (created_at DESC, id DESC);
  CREATE TABLE license_reminders (
    license_id INTEGER NOT NULL,
    expired_date TEXT NOT NULL,
    outbox_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (license_id, expired_date)
  );
  `,
];
