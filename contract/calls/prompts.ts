/**
 * The prompt collection (docs/spec.md#prompt-collection-page): a public, searchable list and the admin's
 * changes, sent as multipart forms because they may carry a cover image.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_WRITE_ERRORS, NOT_FOUND } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, Nullable, OkAnswer, OneOf, PageQuery, Text } from './schema';
import { PAGE_MAX, PROMPT_LIST } from '../rules/paging';
import { PROMPT_IMAGE_BASE } from '../rules/images';
import {
  COVER_HEIGHT,
  COVER_WIDTH,
  IMAGE_NAME_BYTES,
  IMAGE_NAME_STEM,
  MAX_IMAGE_MB,
  MAX_IMAGE_PIXELS,
  megapixels,
} from '../rules/images';

export const Prompt = Answer(
  {
    id: Type.Integer(),
    title: Type.String(),
    description: Type.String({ description: 'Empty when none was given' }),
    prompt_template: Type.String(),
    prompt_music: Type.String(),
    image_path: Nullable(
      Type.String({
        description: 'Where the image is stored (`uploads/<name>.webp`); only its last segment is public',
      }),
    ),
    image_url: Nullable(
      Type.String({
        pattern: `^${PROMPT_IMAGE_BASE}${IMAGE_NAME_STEM}\\.webp$`,
        description: 'The image’s address on this server',
      }),
    ),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { title: 'Prompt' },
);
export type Prompt = Static<typeof Prompt>;

/** A refused upload; `detail` says why image processing failed (503). */
export const UploadErrorAnswer = Answer(
  {
    success: Type.Literal(false),
    error: Type.String(),
    detail: Type.Optional(Type.String({ description: 'Why image processing failed' })),
  },
  { title: 'UploadErrorAnswer' },
);

const IMAGE_RULES =
  `The image is checked by its bytes: PNG, JPEG or WEBP (else 415), at most ${MAX_IMAGE_MB} MB and ${megapixels(MAX_IMAGE_PIXELS)} megapixels (else 413); it is ` +
  `covered to exactly ${COVER_WIDTH}×${COVER_HEIGHT} and stored as WEBP under a random name. At most two uploads are processed at once: a ` +
  'third gets 429 with `Retry-After: 2`. A field is sent at most once; texts are trimmed.';

const promptTexts = (titleRequired: boolean) => ({
  title: titleRequired ? Text({ maxLength: 200 }) : Type.Optional(Text({ maxLength: 200 })),
  description: Type.Optional(Text({ maxLength: 2000 })),
  prompt_template: Type.Optional(Text({ maxLength: 20_000 })),
  prompt_music: Type.Optional(Text({ maxLength: 20_000 })),
  image: Type.Optional(
    Type.String({ contentMediaType: 'application/octet-stream', description: 'A PNG, JPEG or WEBP file' }),
  ),
});

/** Words a form field may carry for yes and no. */
export const REMOVE_IMAGE_WORDS = ['1', 'true', '0', 'false'] as const;

const PromptSaved = Answer({ success: Type.Literal(true), prompt: Prompt });

const UPLOAD_ERRORS = {
  ...ADMIN_WRITE_ERRORS,
  400: ErrorAnswer,
  413: ErrorAnswer,
  415: ErrorAnswer,
  429: ErrorAnswer,
  503: UploadErrorAnswer,
} as const;

export const listPrompts = defineCall({
  id: 'listPrompts',
  method: 'GET',
  path: '/api/prompt/list',
  auth: 'public',
  tag: 'Prompts',
  summary: 'One page of prompts, newest first, optionally searched',
  description: `Unreadable or out-of-range numbers are clamped, never refused: \`page\` from 1 to the last page, \`per_page\` from 1 to ${PAGE_MAX}.`,
  query: Type.Object({
    ...PageQuery(PROMPT_LIST, '; the admin asks for 100'),
    search: Type.Optional(
      Type.String({
        description: `Words found in the title, description, template or music text, any case (first ${PROMPT_LIST.searchMaxLength} characters)`,
      }),
    ),
  }),
  answers: {
    200: Answer({
      success: Type.Literal(true),
      prompts: Type.Array(Prompt),
      page: Type.Integer(),
      per_page: Type.Integer(),
      pages: Type.Integer({ description: 'At least 1, also when nothing was found' }),
      total: Type.Integer(),
    }),
    400: ErrorAnswer,
  },
});

export const createPrompt = defineCall({
  id: 'createPrompt',
  method: 'POST',
  path: '/api/prompt/create',
  auth: 'admin',
  tag: 'Prompts',
  summary: 'Create a prompt, with an optional cover image',
  description: `A title and at least one of \`prompt_template\` or \`prompt_music\` are required. ${IMAGE_RULES}`,
  form: Type.Object(promptTexts(true)),
  answers: { 200: PromptSaved, ...UPLOAD_ERRORS },
});

export const updatePrompt = defineCall({
  id: 'updatePrompt',
  method: 'PUT',
  path: '/api/prompt/update/{id}',
  auth: 'admin',
  tag: 'Prompts',
  summary: 'Change a prompt; fields not sent keep their value',
  description:
    'The result must still have a title and a template or music text. A new image replaces the old file; `remove_image=1` ' +
    'removes it (with a new image as well: 400). The old file is deleted once the change is saved. ' +
    IMAGE_RULES,
  form: Type.Object({
    ...promptTexts(false),
    remove_image: Type.Optional(
      OneOf(REMOVE_IMAGE_WORDS, {
        'x-invalid': 'remove_image must be 1 or true (remove the image), 0 or false',
        description: '1 or true: the prompt keeps no image',
      }),
    ),
  }),
  answers: { 200: PromptSaved, ...UPLOAD_ERRORS, ...NOT_FOUND },
});

export const deletePrompt = defineCall({
  id: 'deletePrompt',
  method: 'DELETE',
  path: '/api/prompt/delete/{id}',
  auth: 'admin',
  tag: 'Prompts',
  summary: 'Delete a prompt and its image',
  answers: { 200: OkAnswer, ...ADMIN_WRITE_ERRORS, ...NOT_FOUND },
});

export const promptImage = defineCall({
  id: 'getPromptImage',
  method: 'GET',
  path: '/api/prompt/image/{filename}',
  auth: 'public',
  tag: 'Prompts',
  summary: 'A prompt’s cover image (the last segment of its `image_path`)',
  description:
    `Only names the server generated (${IMAGE_NAME_BYTES * 2} hex digits + \`.webp\`) are served; anything else is 404. A name never changes ` +
    'content: cached for a year (`immutable`), with an ETag that answers 304 to `If-None-Match`.',
  answers: {
    200: { file: 'image/webp', description: `The ${COVER_WIDTH}×${COVER_HEIGHT} WEBP image` },
    304: { empty: true, description: 'Not modified: the ETag sent is current' },
    ...NOT_FOUND,
  },
});
