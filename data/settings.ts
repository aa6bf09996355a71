/**
 * The owner's settings: key/value rows the licence messages and LoopStream access files read. The
 * table (`configs`) and its columns keep the names the API answers with (`config_key`, `config_value`).
 */
import type { Sql, Store } from './store';
import type { WithinChange } from './activity/activity-log';

/** A row before (undefined: it did not exist) and after a write. */
export type SettingChange = { before: SettingRow | undefined; after: SettingRow };

export type SettingRow = {
  id: number;
  config_key: string;
  config_value: string;
  description: string;
  created_at: string;
  updated_at: string;
};

export type SettingInput = { config_key: string; config_value: string; description: string };

export async function listSettings(db: Sql): Promise<SettingRow[]> {
  return db.all<SettingRow>('SELECT * FROM configs ORDER BY config_key');
}

export async function findSettingById(db: Sql, id: number): Promise<SettingRow | undefined> {
  return db.get<SettingRow>('SELECT * FROM configs WHERE id = ?', [id]);
}

/** The values of the given keys that exist. */
export async function settingValues(db: Sql, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.all<{ config_key: string; config_value: string }>(
    `SELECT config_key, config_value FROM configs WHERE config_key IN (${keys.map(() => '?').join(', ')})`,
    keys,
  );
  return new Map(rows.map((row) => [row.config_key, row.config_value]));
}

/**
 * Creates the key, or replaces the value of an existing one; the description is replaced only
 * when one is given (undefined keeps it).
 */
export async function setSetting(
  db: Store,
  input: { config_key: string; config_value: string; description: string | undefined },
  at: string,
  within?: WithinChange<SettingChange>,
): Promise<SettingRow> {
  return db.transaction(async (tx) => {
    const before = await tx.get<SettingRow>('SELECT * FROM configs WHERE config_key = ?', [input.config_key]);
    await tx.run(
      `INSERT INTO configs (config_key, config_value, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value,
         description = coalesce(?, configs.description), updated_at = excluded.updated_at`,
      [input.config_key, input.config_value, input.description ?? '', at, at, input.description ?? null],
    );
    const after = (await tx.get<SettingRow>('SELECT * FROM configs WHERE config_key = ?', [input.config_key]))!;
    await within?.(tx, { before, after });
    return after;
  });
}

/** New value (and description when given) of an existing row; undefined when the id is unknown. */
export async function updateSetting(
  db: Store,
  id: number,
  input: { config_value: string; description: string | undefined },
  at: string,
  within?: WithinChange<SettingChange>,
): Promise<SettingRow | undefined> {
  return db.transaction(async (tx) => {
    const before = await findSettingById(tx, id);
    if (!before) return undefined;
    await tx.run(
      'UPDATE configs SET config_value = ?, description = coalesce(?, description), updated_at = ? WHERE id = ?',
      [input.config_value, input.description ?? null, at, id],
    );
    const after = (await findSettingById(tx, id))!;
    await within?.(tx, { before, after });
    return after;
  });
}

/** Inserts the defaults whose key does not exist yet; never touches an existing value. Returns the keys created. */
export async function insertMissingSettings(
  db: Store,
  defaults: readonly SettingInput[],
  at: string,
  within?: WithinChange<SettingInput[]>,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const created: SettingInput[] = [];
    for (const row of defaults) {
      if (await tx.get('SELECT 1 AS found FROM configs WHERE config_key = ?', [row.config_key])) continue;
      await tx.run(
        'INSERT INTO configs (config_key, config_value, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        [row.config_key, row.config_value, row.description, at, at],
      );
      created.push(row);
    }
    if (created.length > 0) await within?.(tx, created);
    return created.map((row) => row.config_key);
  });
}
