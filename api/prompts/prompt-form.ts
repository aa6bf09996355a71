/** Reading a prompt's multipart form: its text fields checked against the contract, its image stored as a cover. */
import { Type } from '@sinclair/typebox';
import type * as calls from '../../contract/calls/prompts';
import { checkFields } from '../../contract/calls/check-fields';
import type { PromptFields } from '../../data/prompts';
import type { AppContext } from '../context';
import { HttpError } from '../http/http-error';
import type { Multipart } from '../http/multipart';

/** The texts sent; an update may also carry `remove_image` (REMOVE_IMAGE_WORDS). */
export type PromptTexts = Partial<Omit<PromptFields, 'image_path'>> & { remove_image?: string };

/** True when an update asks to drop the image; refused together with a new one. */
export function removesImage(texts: PromptTexts, form: Multipart): boolean {
  const remove = texts.remove_image === '1' || texts.remove_image === 'true';
  if (remove && form.files.image) throw new HttpError(400, 'Send either a new image or remove_image, not both');
  return remove;
}

/** The text fields that were sent, trimmed and checked; fields not sent are absent. */
export function textFields(form: Multipart, call: typeof calls.createPrompt | typeof calls.updatePrompt): PromptTexts {
  // Title presence is checked on the whole prompt (checkPrompt), as an update may leave it out.
  const texts = Type.Partial(Type.Omit(call.form, ['image']));
  for (const field of Object.keys(texts.properties)) {
    if (field in form.files) throw new HttpError(400, `${field} must be text, not a file`);
  }
  const checked = checkFields<PromptTexts>(texts, form.fields);
  if (!checked.ok) throw new HttpError(400, checked.error);
  if ('image' in form.fields) throw new HttpError(400, 'image must be a file');
  const unexpected = Object.keys(form.files).find((name) => name !== 'image');
  if (unexpected) throw new HttpError(400, `Unexpected file field: ${unexpected}`);
  return checked.value;
}

export function checkPrompt(fields: Omit<PromptFields, 'image_path'>): void {
  if (fields.title === '') throw new HttpError(400, 'title is required');
  if (fields.prompt_template === '' && fields.prompt_music === '') {
    throw new HttpError(400, 'At least one of prompt_template or prompt_music is required');
  }
}

/** Stores the uploaded image, if any; `commit` runs after, and on its failure the new image goes. */
export async function withImage<T>(
  ctx: AppContext,
  form: Multipart,
  commit: (imagePath: string | undefined) => Promise<T>,
): Promise<T> {
  const upload = form.files.image;
  const stored = upload ? await ctx.images.pipeline.toCover1280x720(upload) : undefined;
  try {
    return await commit(stored?.path);
  } catch (error) {
    if (stored) await ctx.images.pipeline.remove(stored.path);
    throw error;
  }
}
