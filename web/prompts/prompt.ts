import type { Prompt as PromptRow } from '../../contract/calls/prompts';

/**
 * A public prompt as the browser keeps it (in memory and in IndexedDB): the list answer's row
 * without what the page never reads.
 */
export type Prompt = Pick<
  PromptRow,
  'id' | 'title' | 'description' | 'prompt_template' | 'prompt_music' | 'image_path' | 'created_at'
>;

export type PromptKind = 'template' | 'music';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A row of `GET /api/prompt/list`, or one kept by an older version of this page, as a Prompt;
 * undefined when it has no usable id. Rows from outside (the network, the disk) are read
 * defensively: a missing text is an empty one.
 */
export function toPrompt(raw: unknown): Prompt | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const row = raw as Partial<Record<keyof PromptRow, unknown>>;
  const id = Number(row.id);
  if (!Number.isSafeInteger(id)) return undefined;
  const imagePath = text(row.image_path);
  return {
    id,
    title: text(row.title),
    description: text(row.description),
    prompt_template: text(row.prompt_template),
    prompt_music: text(row.prompt_music),
    image_path: imagePath === '' ? null : imagePath,
    created_at: text(row.created_at),
  };
}

export function promptText(prompt: Prompt, kind: PromptKind): string {
  return kind === 'template' ? prompt.prompt_template : prompt.prompt_music;
}
