/** Scheduled backups as the admin reads them: the last proved copy, its age, what failed. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, Nullable, OneOf } from './schema';
import { BACKUP_STATUSES } from '../rules/vocabulary';

export const Backup = Answer(
  {
    file: Type.String({ description: 'Its name in BACKUP_DIR (sortable: the UTC time it was taken)' }),
    taken_at: IsoDateTime,
    status: OneOf(BACKUP_STATUSES, {
      description:
        '`proved`: its last proof passed (opened in a scratch place, every table counted, checksum unchanged); `failed`: making or proving it failed, see `error`',
    }),
    bytes: Nullable(Type.Integer()),
    counts: Type.Record(Type.String(), Type.Integer(), {
      description: 'Rows per table, counted in the copy when it was made',
    }),
    checked_at: IsoDateTime,
    proved_at: Nullable(IsoDateTime),
    error: Nullable(Type.String()),
  },
  { title: 'Backup' },
);
export type Backup = Static<typeof Backup>;

export const BackupState = Answer(
  {
    enabled: Type.Boolean({ description: 'False while BACKUP_DIR is unset: no scheduled backups' }),
    engine: OneOf(['sqlite', 'postgres'] as const, {
      description: 'What a backup holds: the embedded database file, or a pg_dump archive',
    }),
    every_hours: Type.Number(),
    keep: Type.Integer(),
    last_backup: Nullable(Backup),
    last_proved: Nullable(Backup),
    needs_attention: Type.Boolean({
      description:
        'The last backup (or its proof again) failed, or the last proved one is older than twice the interval',
    }),
    reason: Nullable(Type.String({ description: 'Why it needs attention' })),
    alert_mailed_at: Nullable(IsoDateTime),
    backups: Type.Array(Backup, { description: 'Every recorded backup still kept, newest first' }),
  },
  { title: 'BackupState' },
);
export type BackupState = Static<typeof BackupState>;

export const backupStatus = defineCall({
  id: 'getBackupStatus',
  method: 'GET',
  path: '/api/backup/status',
  auth: 'admin',
  tag: 'Backups',
  summary: 'Scheduled backups: the last proved one, its age, failures',
  answers: { 200: Answer({ success: Type.Literal(true), backup: BackupState }), ...ADMIN_READ_ERRORS },
});

export const runBackup = defineCall({
  id: 'runBackup',
  method: 'POST',
  path: '/api/backup/run',
  auth: 'admin',
  tag: 'Backups',
  summary: 'Back up now',
  description:
    'Proves the newest kept backup again, makes a new one and proves it, then removes those beyond BACKUP_KEEP, as the schedule does. ' +
    '409 while BACKUP_DIR is unset or while a backup is under way (here or on another instance). A failed backup is still 200: see `backup`.',
  answers: {
    200: Answer({ success: Type.Literal(true), message: Type.String(), backup: BackupState }),
    ...ADMIN_WRITE_ERRORS,
    409: ErrorAnswer,
  },
});
