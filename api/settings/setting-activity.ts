/** The activity log entries of the owner's setting changes: old → new value, secrets' values never kept (docs/spec.md#activity-log). */
import type { SettingChange, SettingInput } from '../../data/settings';
import { HIDDEN, clip, fieldChanges, isSecretKey } from '../shared/change-summary';
import type { ActivityChange } from '../shared/activity-record';

const shown = (row: { config_key: string; config_value: string; description: string }) => ({
  value: isSecretKey(row.config_key) ? HIDDEN : row.config_value,
  description: row.description,
});

/** Undefined when the save changed neither the value nor the description: no entry then. */
export function settingChanged({ before, after }: SettingChange): ActivityChange | undefined {
  const about = { action: 'setting.changed' as const, objectType: 'setting' as const, objectId: after.config_key };
  if (!before) return { ...about, summary: `${after.config_key} created`, before: null, after: shown(after) };
  const secret = isSecretKey(after.config_key);
  const values = { value: before.config_value, description: before.description };
  const changes = fieldChanges(values, { value: after.config_value, description: after.description });
  if (changes.summary === '') return undefined;
  // A secret's old and new value stay out of the log: only that it changed.
  const summary = secret && 'value' in changes.after ? `${after.config_key} value changed` : changes.summary;
  return {
    ...about,
    summary: clip(secret ? summary : `${after.config_key}: ${changes.summary}`),
    before: secret ? { ...changes.before, ...('value' in changes.before ? { value: HIDDEN } : {}) } : changes.before,
    after: secret ? { ...changes.after, ...('value' in changes.after ? { value: HIDDEN } : {}) } : changes.after,
  };
}

export function settingsInitialized(created: readonly SettingInput[]): ActivityChange {
  return {
    action: 'setting.changed',
    objectType: 'setting',
    objectId: null,
    summary: clip(`defaults created: ${created.map((row) => row.config_key).join(', ')}`),
    before: null,
    after: Object.fromEntries(created.map((row) => [row.config_key, shown(row).value])),
  };
}
