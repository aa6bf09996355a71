import type { Sql, Store, Transaction } from '../store';
import type { LICENSE_ACTORS, LICENSE_EVENT_TYPES, Word } from '../../contract/rules/vocabulary';

export type LicenseEventType = Word<typeof LICENSE_EVENT_TYPES>;
export type LicenseActor = Word<typeof LICENSE_ACTORS>;

export type LicenseEvent = {
  license_id: number;
  type: LicenseEventType;
  actor: LicenseActor;
  device_id: string | null;
  at: string;
  data: Record<string, unknown> | null;
};

export type LicenseEventRow = Omit<LicenseEvent, 'data'> & { id: number; data: string | null };

/** Writes one audit event; call inside the transaction that makes the change it records. */
export async function recordLicenseEventIn(tx: Transaction, event: LicenseEvent): Promise<void> {
  await tx.run('INSERT INTO license_events (license_id, type, actor, device_id, at, data) VALUES (?, ?, ?, ?, ?, ?)', [
    event.license_id,
    event.type,
    event.actor,
    event.device_id,
    event.at,
    event.data === null ? null : JSON.stringify(event.data),
  ]);
}

export async function listLicenseEvents(db: Sql, licenseId: number): Promise<LicenseEventRow[]> {
  return db.all<LicenseEventRow>('SELECT * FROM license_events WHERE license_id = ? ORDER BY id', [licenseId]);
}

/** Writes one audit event in its own transaction (for events that change nothing else, e.g. a refusal). */
export async function addLicenseEvent(db: Store, event: LicenseEvent): Promise<void> {
  await db.transaction((tx) => recordLicenseEventIn(tx, event));
}
