/** A public prompt as the browser keeps it: the list answer's row, normalised. */
export type Prompt = {
  id: number;
  title: string;
  description: string;
  prompt_template: string;
  prompt_music: string;
  image_path: string | null;
  created_at: string;
};

export type PromptKind = 'template' | 'music';

const IMAGE_BASE = '/api/prompt/image/';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Turns one row of `GET /api/prompt/list` into a Prompt; undefined when it has no usable id. */
export function toPrompt(raw: unknown): Prompt | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const row = raw as Record<string, unknown>;
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

/** The image address: only the last segment of image_path is used (SPEC §3). */
export function imageUrl(prompt: Prompt): string | undefined {
  if (!prompt.image_path) return undefined;
  const name = prompt.image_path.split(/[\\/]/).pop();
  return name ? IMAGE_BASE + encodeURIComponent(name) : undefined;
}

export function promptText(prompt: Prompt, kind: PromptKind): string {
  return kind === 'template' ? prompt.prompt_template : prompt.prompt_music;
}
