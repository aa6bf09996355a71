/**
 * The rest of the storefront (table `storefront_values`): contacts, videos and the uploaded
 * earnings screenshot, each one named JSON value. A value never written is the shipped one.
 */
import { SEED_CONTACTS, SEED_TRIAL, SEED_VIDEOS } from './storefront-seed';
import type { StorefrontContacts, StorefrontTrial, StorefrontVideos } from './storefront-seed';
import type { Sql } from './store';

/** The uploaded screenshot: blob names of its three forms and its size in pixels. */
export type EarningsImageRow = { webp: string; small_webp: string; png: string; width: number; height: number };

export type StorefrontValues = {
  contacts: StorefrontContacts;
  videos: StorefrontVideos;
  /** Null while the shipped sample screenshot is shown. */
  earnings_image: EarningsImageRow | null;
  trial: StorefrontTrial;
};

type Name = keyof StorefrontValues;

function parse(json: string | undefined): unknown {
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The stored object over the shipped one, so a field added by a later release has its default. */
function merged<Value extends object>(seed: Value, stored: unknown): Value {
  return stored && typeof stored === 'object' ? { ...seed, ...(stored as Partial<Value>) } : { ...seed };
}

function isEarningsImage(value: unknown): value is EarningsImageRow {
  const image = value as EarningsImageRow | null;
  return Boolean(
    image && typeof image.webp === 'string' && typeof image.small_webp === 'string' && typeof image.png === 'string',
  );
}

export async function readStorefrontValues(db: Sql): Promise<StorefrontValues> {
  const rows = await db.all<{ name: string; value: string }>('SELECT name, value FROM storefront_values');
  const stored = new Map(rows.map((row) => [row.name, parse(row.value)]));
  const image = stored.get('earnings_image');
  return {
    contacts: merged(SEED_CONTACTS, stored.get('contacts')),
    videos: merged(SEED_VIDEOS, stored.get('videos')),
    earnings_image: isEarningsImage(image) ? image : null,
    trial: merged(SEED_TRIAL, stored.get('trial')),
  };
}

export async function writeStorefrontValue<Key extends Name>(
  db: Sql,
  name: Key,
  value: StorefrontValues[Key],
  at: string,
): Promise<void> {
  await db.run(
    `INSERT INTO storefront_values (name, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    [name, JSON.stringify(value), at],
  );
}

/** The blob names the storefront refers to: a sweep of unreferenced blobs must keep them. */
export async function storefrontBlobNames(db: Sql): Promise<string[]> {
  const image = (await readStorefrontValues(db)).earnings_image;
  return image ? [image.webp, image.small_webp, image.png] : [];
}
