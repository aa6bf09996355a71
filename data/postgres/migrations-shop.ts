/**
 * The PostgreSQL schema's first versions (twins of data/sqlite/migrations-shop.ts); later ones
 * follow in migrations.ts. Never edit a released entry: add a new one at the end of
 * POSTGRES_MIGRATIONS.
 */
import { ID, TEXT } from './column-types';

export const SHOP_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE admins (
    id ${ID},
    username ${TEXT} NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at ${TEXT} NOT NULL,
    updated_at ${TEXT} NOT NULL
  );
  CREATE TABLE sessions (
    token_hash ${TEXT} PRIMARY KEY,
    admin_id BIGINT NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE TABLE licenses (
    id ${ID},
    license_key ${TEXT} NOT NULL,
    key_sha256 BYTEA NOT NULL UNIQUE CHECK (length(key_sha256) = 32),
    email ${TEXT} NOT NULL,
    app_type ${TEXT} NOT NULL CHECK (app_type IN ('loopbot', 'loopstream')),
    status ${TEXT} NOT NULL DEFAULT 'active',
    expired_date ${TEXT} NOT NULL,
    device_id ${TEXT},
    device_name TEXT,
    device_activated_at ${TEXT},
    last_seen_at ${TEXT},
    app_version TEXT,
    created_at ${TEXT} NOT NULL,
    updated_at ${TEXT} NOT NULL
  );
  CREATE INDEX licenses_created ON licenses (created_at DESC, id DESC);
  CREATE INDEX licenses_status_expiry ON licenses (status, expired_date);
  CREATE INDEX licenses_device ON licenses (device_id) WHERE device_id IS NOT NULL;
  CREATE TABLE license_events (
    id ${ID},
    license_id BIGINT NOT NULL,
    type ${TEXT} NOT NULL,
    actor ${TEXT} NOT NULL,
    device_id ${TEXT},
    at ${TEXT} NOT NULL,
    data TEXT
  );
  CREATE INDEX license_events_license ON license_events (license_id, id);
  CREATE TABLE loopstreams (
    id ${ID},
    package_type ${TEXT} NOT NULL,
    customer_name ${TEXT} NOT NULL,
    ip_server ${TEXT} NOT NULL,
    expired_date ${TEXT} NOT NULL,
    created_at ${TEXT} NOT NULL
  );
  CREATE TABLE configs (
    id ${ID},
    config_key ${TEXT} NOT NULL UNIQUE,
    config_value TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at ${TEXT} NOT NULL,
    updated_at ${TEXT} NOT NULL
  );
  CREATE TABLE prompts (
    id ${ID},
    title ${TEXT} NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    prompt_template TEXT NOT NULL DEFAULT '',
    prompt_music TEXT NOT NULL DEFAULT '',
    image_path ${TEXT},
    created_at ${TEXT} NOT NULL,
    updated_at ${TEXT} NOT NULL
  );
  CREATE INDEX prompts_created ON prompts (created_at DESC, id DESC);
  CREATE TABLE blobs (
    name ${TEXT} PRIMARY KEY,
    bytes BYTEA NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE rate_counters (
    key ${TEXT} PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits INTEGER NOT NULL,
    blocked_until BIGINT NOT NULL DEFAULT 0
  );
  CREATE INDEX rate_counters_window ON rate_counters (window_start);
  CREATE TABLE server_secrets (
    name ${TEXT} PRIMARY KEY,
    value TEXT NOT NULL,
    created_at ${TEXT} NOT NULL
  );
  `,
  // Storefront (docs/spec.md#catalogue): the plans the shop sells, and its contacts, videos and earnings
  // screenshot as named JSON values; seeded by the server on first start.
  `
  CREATE TABLE storefront_plans (
    id ${TEXT} PRIMARY KEY,
    position INTEGER NOT NULL,
    product ${TEXT} NOT NULL CHECK (product IN ('loopbot', 'loopstream', 'combo')),
    name ${TEXT} NOT NULL,
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
    updated_at ${TEXT} NOT NULL
  );
  CREATE TABLE storefront_values (
    name ${TEXT} PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at ${TEXT} NOT NULL
  );
  `,
  // Orders and e-mail (docs/spec.md#orders-from-lynkid, docs/spec.md#outbox): paid marketplace orders and the licences they issued or
  // extended, the outbox of every e-mail, and the renewal reminders sent (one per licence per expiry).
  `
  CREATE TABLE orders (
    id ${ID},
    ref_id ${TEXT} NOT NULL UNIQUE,
    message_id ${TEXT} NOT NULL,
    customer_name TEXT NOT NULL,
    customer_email ${TEXT} NOT NULL,
    customer_phone TEXT NOT NULL,
    items TEXT NOT NULL,
    amount_idr BIGINT NOT NULL,
    status ${TEXT} NOT NULL,
    note TEXT NOT NULL,
    handled_at ${TEXT},
    created_at ${TEXT} NOT NULL,
    updated_at ${TEXT} NOT NULL
  );
  CREATE INDEX orders_created ON orders (created_at DESC, id DESC);
  CREATE TABLE order_licenses (
    order_id BIGINT NOT NULL,
    license_id BIGINT NOT NULL,
    change ${TEXT} NOT NULL,
    days INTEGER NOT NULL,
    plan_id ${TEXT},
    PRIMARY KEY (order_id, license_id)
  );
  CREATE INDEX order_licenses_license ON order_licenses (license_id, order_id);
  CREATE TABLE outbox (
    id ${ID},
    kind ${TEXT} NOT NULL,
    to_address ${TEXT} NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    status ${TEXT} NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    next_attempt_at ${TEXT} NOT NULL,
    order_id BIGINT,
    license_id BIGINT,
    created_at ${TEXT} NOT NULL,
    updated_at ${TEXT} NOT NULL,
    sent_at ${TEXT}
  );
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
  CREATE INDEX outbox_created ON outbox (created_at DESC, id DESC);
  CREATE TABLE license_reminders (
    license_id BIGINT NOT NULL,
    expired_date ${TEXT} NOT NULL,
    outbox_id BIGINT NOT NULL,
    created_at ${TEXT} NOT NULL,
    PRIMARY KEY (license_id, expired_date)
  );
  `,
];
