import type { Database } from './database';

export type NewLicenseRow = {
  license_key: string;
  key_sha256: string;
  email: string;
  app_type: 'loopbot' | 'loopstream';
  status: string;
  expired_date: string;
  device_id: string | null;
  device_name: string | null;
  device_activated_at: string | null;
  created_at: string;
};

const FIELDS = 13;
const ROWS_PER_STATEMENT = 200;

/**
 * Inserts many licences in one transaction, 200 rows per statement (seeding benchmarks and
 * tests; the admin API creates real ones). Returns the new ids in order.
 */
export async function insertLicenses(db: Database, rows: readonly NewLicenseRow[]): Promise<number[]> {
  return db.transaction(() => {
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const values = chunk.map(() => `(${new Array(FIELDS).fill('?').join(', ')})`).join(', ');
      const params = chunk.flatMap((row) => [
        row.license_key,
        row.key_sha256,
        row.email,
        row.app_type,
        row.status,
        row.expired_date,
        row.device_id,
        row.device_name,
        row.device_activated_at,
        row.device_id === null ? null : row.device_activated_at,
        null,
        row.created_at,
        row.created_at,
      ]);
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO licenses (license_key, key_sha256, email, app_type, status, expired_date, device_id, device_name,
             device_activated_at, last_seen_at, app_version, created_at, updated_at) VALUES ${values}`,
        )
        .run(...params);
      for (let index = chunk.length - 1; index >= 0; index--) ids.push(lastInsertRowid - index);
    }
    return ids;
  });
}
