/** The activity log entries of the admin's prompt changes (docs/spec.md#activity-log). */
import type { PromptRow } from '../../data/prompts';
import { fieldChanges, shortValue } from '../shared/change-summary';
import type { ActivityChange } from '../shared/activity-record';

const fields = (row: PromptRow) => ({
  title: row.title,
  description: row.description,
  prompt_template: row.prompt_template,
  prompt_music: row.prompt_music,
  image_path: row.image_path,
});

const about = (row: PromptRow) => ({ objectType: 'prompt' as const, objectId: String(row.id) });

export function promptCreated(row: PromptRow): ActivityChange {
  return {
    action: 'prompt.created',
    ...about(row),
    summary: `“${shortValue(row.title)}” created`,
    before: null,
    after: fields(row),
  };
}

/** Undefined when the save changed nothing: no entry then. */
export function promptUpdated(before: PromptRow, after: PromptRow): ActivityChange | undefined {
  const changes = fieldChanges(fields(before), fields(after));
  if (changes.summary === '') return undefined;
  return { action: 'prompt.updated', ...about(after), ...changes };
}

export function promptDeleted(row: PromptRow): ActivityChange {
  return {
    action: 'prompt.deleted',
    ...about(row),
    summary: `“${shortValue(row.title)}” deleted`,
    before: fields(row),
    after: null,
  };
}
