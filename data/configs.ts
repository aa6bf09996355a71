import type { Database } from './database';

export type ConfigRow = {
  id: number;
  config_key: string;
  config_value: string;
  description: string;
  created_at: string;
  updated_at: string;
};

export type ConfigInput = { config_key: string; config_value: string; description: string };

export async function listConfigs(db: Database): Promise<ConfigRow[]> {
  return db.prepare('SELECT * FROM configs ORDER BY config_key').all<ConfigRow>();
}

export async function findConfigById(db: Database, id: number): Promise<ConfigRow | undefined> {
  return db.prepare('SELECT * FROM configs WHERE id = ?').get<ConfigRow>(id);
}

/** The values of the given keys that exist. */
export async function configValues(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = db
    .prepare(`SELECT config_key, config_value FROM configs WHERE config_key IN (${keys.map(() => '?').join(', ')})`)
    .all<{ config_key: string; config_value: string }>(...keys);
  return new Map(rows.map((row) => [row.config_key, row.config_value]));
}

/**
 * Creates the key, or replaces the value of an existing one; the description is replaced only
 * when one is given (undefined keeps it).
 */
export async function setConfig(
  db: Database,
  input: { config_key: string; config_value: string; description: string | undefined },
  at: string,
): Promise<ConfigRow> {
  return db.transaction(() => {
    db.prepare(
      `INSERT INTO configs (config_key, config_value, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value,
         description = coalesce(?, description), updated_at = excluded.updated_at`,
    ).run(input.config_key, input.config_value, input.description ?? '', at, at, input.description ?? null);
    return db.prepare('SELECT * FROM configs WHERE config_key = ?').get<ConfigRow>(input.config_key)!;
  });
}

/** New value (and description when given) of an existing row; undefined when the id is unknown. */
export async function updateConfig(
  db: Database,
  id: number,
  input: { config_value: string; description: string | undefined },
  at: string,
): Promise<ConfigRow | undefined> {
  return db.transaction(() => {
    const changed = db
      .prepare('UPDATE configs SET config_value = ?, description = coalesce(?, description), updated_at = ? WHERE id = ?')
      .run(input.config_value, input.description ?? null, at, id).changes;
    return changed === 0 ? undefined : db.prepare('SELECT * FROM configs WHERE id = ?').get<ConfigRow>(id);
  });
}

/** Inserts the defaults whose key does not exist yet; never touches an existing value. Returns the keys created. */
export async function insertMissingConfigs(db: Database, defaults: readonly ConfigInput[], at: string): Promise<string[]> {
  return db.transaction(() => {
    const exists = db.prepare('SELECT 1 AS found FROM configs WHERE config_key = ?');
    const insert = db.prepare('INSERT INTO configs (config_key, config_value, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
    const missing = defaults.filter((row) => exists.get(row.config_key) === undefined);
    for (const row of missing) insert.run(row.config_key, row.config_value, row.description, at, at);
    return missing.map((row) => row.config_key);
  });
}
