import { apiJson, apiUpload } from '../api-client';
import type * as calls from '../../../contract/calls/prompts';
import { CHANGE_TEXTS, copiedMessage, MESSAGES } from '../messages';
import type { Prompt } from '../../../contract/calls/prompts';
import { confirmAction, notify } from './dialogs';
import { loadPrompts } from './loaders';
import { mutate } from './mutate';
import { debouncedSearch, goToPage } from './paged-list';
import { store } from './store';
import { IMAGE_EXTENSIONS, IMAGE_TYPES } from '../../../contract/rules/images';

export type PromptInput = {
  title: string;
  description: string;
  prompt_template: string;
  prompt_music: string;
  image: File | null;
  /** Editing only: drop the prompt's image (no new one picked). */
  removeImage?: boolean;
};

export type PromptKind = 'template' | 'music';

export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((extension) => `.${extension}`), ...IMAGE_TYPES].join(',');
const IMAGE_NAME = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');
const ACCEPTED_TYPES = new Set<string>(IMAGE_TYPES);

export function isAcceptedImage(file: Pick<File, 'name' | 'type'>): boolean {
  return IMAGE_NAME.test(file.name) && (file.type === '' || ACCEPTED_TYPES.has(file.type));
}

export type PromptField = 'title' | 'content' | 'image';

export const IMAGE_TYPE_ERROR = 'The image must be a PNG, JPG, JPEG or WEBP file.';

/** The form's errors by the field they belong to (content: the template and music prompts), in form order. */
export function promptFieldErrors(
  input: Pick<PromptInput, 'title' | 'prompt_template' | 'prompt_music' | 'image'>,
): Partial<Record<PromptField, string>> {
  const errors: Partial<Record<PromptField, string>> = {};
  if (!input.title.trim()) errors.title = 'Title is required.';
  if (!input.prompt_template.trim() && !input.prompt_music.trim())
    errors.content = 'Enter at least one of the template prompt or the music prompt.';
  if (input.image && !isAcceptedImage(input.image)) errors.image = IMAGE_TYPE_ERROR;
  return errors;
}

/** Screen-text errors of the prompt form; empty when it may be sent. */
export function promptFormErrors(
  input: Pick<PromptInput, 'title' | 'prompt_template' | 'prompt_music' | 'image'>,
): string[] {
  return Object.values(promptFieldErrors(input));
}

export const searchPrompts = debouncedSearch(() => store.prompts, loadPrompts);

export function goToPromptPage(page: number): void {
  goToPage(store.prompts, page, loadPrompts);
}

/** Create when no prompt is selected, else update it; multipart with upload progress. */
export async function savePrompt(input: PromptInput, editing: Prompt | null): Promise<boolean> {
  if (promptFormErrors(input).length > 0) return false;
  const form = new FormData();
  form.set('title', input.title.trim());
  form.set('description', input.description);
  form.set('prompt_template', input.prompt_template);
  form.set('prompt_music', input.prompt_music);
  if (input.image) form.set('image', input.image, input.image.name);
  else if (editing && input.removeImage) form.set('remove_image', '1');
  const progress = (ratio: number): number => (store.upload.progress = ratio);
  store.upload.progress = 0;
  try {
    const answer = await mutate(
      () =>
        editing
          ? apiUpload<typeof calls.updatePrompt>('PUT', `/api/prompt/update/${editing.id}`, form, progress)
          : apiUpload<typeof calls.createPrompt>('POST', '/api/prompt/create', form, progress),
      {
        failed: MESSAGES.savePromptFailed,
        errorPrefix: MESSAGES.savePromptError,
        success: editing ? MESSAGES.promptUpdated : MESSAGES.promptCreated,
      },
    );
    return answer !== undefined;
  } finally {
    store.upload.progress = null;
  }
}

export async function deletePrompt(prompt: Prompt): Promise<void> {
  if (!confirmAction(`Delete prompt "${prompt.title}"? This cannot be undone.`)) return;
  await mutate(
    () => apiJson<typeof calls.deletePrompt>('DELETE', `/api/prompt/delete/${prompt.id}`),
    CHANGE_TEXTS.deletePrompt,
  );
}

/** Copies one text; with no kind, the template is preferred, else the music (docs/spec.md#copying-a-prompt). */
export async function copyPrompt(
  prompt: { prompt_template: string | null; prompt_music: string | null },
  kind?: PromptKind,
): Promise<void> {
  const chosen: PromptKind = kind ?? (prompt.prompt_template?.trim() ? 'template' : 'music');
  const text = chosen === 'template' ? prompt.prompt_template : prompt.prompt_music;
  if (!text || !text.trim()) {
    notify(MESSAGES.noContent);
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    notify(copiedMessage(chosen));
  } catch {
    notify(MESSAGES.copyFailed);
  }
}
