import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  createPrompt,
  deletePrompt,
  findPrompt,
  listPromptImagePaths,
  listPrompts,
  promptsVersion,
  updatePrompt,
} from '../../data/prompts';
import type { PromptFields, PromptRow } from '../../data/prompts';
import { normalizeSearch } from '../../data/text-index';
import { AnswerCache } from '../http/answer-cache';
import type { AppContext } from '../context';
import { HANDLED, HttpError, idParam } from '../http/http';
import type { ApiRequest, Handler } from '../http/http';
import { IMAGE_MIME, ImagePipeline, MAX_IMAGE_BYTES, UPLOAD_TEMP_FOLDER } from './images';
import { readMultipart } from '../http/multipart';
import type { Multipart } from '../http/multipart';

export const PER_PAGE_DEFAULT = 12;
export const PER_PAGE_MAX = 100;
/** Uploads parsed and resized at once; more get 429 at once rather than queueing behind big images. */
export const MAX_CONCURRENT_UPLOADS = 2;
const MAX_FIELDS_BYTES = 512 * 1024;
/** Public list pages kept serialized (~16 KB each plus compressed forms): a few MB at most. */
const LIST_CACHE_ENTRIES = 200;
const LIMITS = { title: 200, description: 2000, prompt_template: 20_000, prompt_music: 20_000 } as const;
const TEXT_FIELDS = ['title', 'description', 'prompt_template', 'prompt_music'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type PromptView = PromptRow & { image_url: string | null };

/** The public address of a stored image uses only the last segment of `image_path`. */
export function imageUrl(imagePath: string | null): string | null {
  return imagePath ? `/api/prompt/image/${basename(imagePath)}` : null;
}

function toView(row: PromptRow): PromptView {
  return { ...row, image_url: imageUrl(row.image_path) };
}

/** A whole number from the query, clamped into [min, max]; anything unreadable is the fallback. */
function clampedInt(text: string | null, fallback: number, min: number, max: number): number {
  const value = Number.parseInt(text ?? '', 10);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(Math.max(value, min), max);
}

/** The text fields that were sent, trimmed and length-checked; fields not sent are absent. */
function textFields(form: Multipart): Partial<Record<TextField, string>> {
  const sent: Partial<Record<TextField, string>> = {};
  for (const field of TEXT_FIELDS) {
    if (field in form.files) throw new HttpError(400, `${field} must be text, not a file`);
    const value = form.fields[field];
    if (value === undefined) continue;
    const text = value.trim();
    if (text.length > LIMITS[field]) throw new HttpError(400, `${field} is too long (max ${LIMITS[field]} characters)`);
    sent[field] = text;
  }
  if ('image' in form.fields) throw new HttpError(400, 'image must be a file');
  const unexpected = Object.keys(form.files).find((name) => name !== 'image');
  if (unexpected) throw new HttpError(400, `Unexpected file field: ${unexpected}`);
  return sent;
}

function checkPrompt(fields: Omit<PromptFields, 'image_path'>): void {
  if (fields.title === '') throw new HttpError(400, 'title is required');
  if (fields.prompt_template === '' && fields.prompt_music === '') {
    throw new HttpError(400, 'At least one of prompt_template or prompt_music is required');
  }
}

export async function promptHandlers(ctx: AppContext): Promise<{
  list: Handler;
  create: Handler;
  update: Handler;
  remove: Handler;
  image: Handler;
}> {
  const { db } = ctx;
  const images = await ImagePipeline.open(ctx.config.dataDir);
  const tempDir = join(images.uploadsDir, UPLOAD_TEMP_FOLDER);
  ctx.onClose(() => images.close());
  // Files of uploads that never committed (a crash in between); in the background, off the start
  // path. Anything written before this moment belongs to an earlier run of the server.
  const startedAt = Date.now();
  void listPromptImagePaths(db)
    .then((paths) => images.sweepOrphans(new Set(paths.map((path) => basename(path))), startedAt))
    .catch((error: unknown) => ctx.log.warn(`upload sweep failed: ${(error as Error).message}`));

  const answers = new AnswerCache(LIST_CACHE_ENTRIES);
  let uploads = 0;
  /** Parses the multipart body, runs `work`, and always removes the temp files. */
  function withUpload(work: (req: ApiRequest, form: Multipart) => Promise<unknown>): Handler {
    return async (req) => {
      if (uploads >= MAX_CONCURRENT_UPLOADS) {
        throw new HttpError(429, 'Too many uploads at once, please try again in a moment', { 'Retry-After': '2' });
      }
      uploads++;
      try {
        const form = await readMultipart(req, { tempDir, maxFileBytes: MAX_IMAGE_BYTES, maxFieldsBytes: MAX_FIELDS_BYTES });
        try {
          return await work(req, form);
        } finally {
          await form.cleanup();
        }
      } finally {
        uploads--;
      }
    };
  }

  /** Stores the uploaded image, if any; `commit` runs after, and on its failure the new file goes. */
  async function withImage<T>(form: Multipart, commit: (imagePath: string | undefined) => Promise<T>): Promise<T> {
    const upload = form.files.image;
    const stored = upload ? await images.toCover1280x720(upload) : undefined;
    try {
      return await commit(stored?.path);
    } catch (error) {
      if (stored) await images.remove(stored.path);
      throw error;
    }
  }

  return {
    async list(req) {
      const query = {
        page: clampedInt(req.query.get('page'), 1, 1, Number.MAX_SAFE_INTEGER),
        perPage: clampedInt(req.query.get('per_page'), PER_PAGE_DEFAULT, 1, PER_PAGE_MAX),
        search: (req.query.get('search') ?? '').slice(0, 500),
      };
      // Every visitor of /prompts asks for the same first pages: answer them from the cache until
      // a prompt changes.
      const version = promptsVersion(db);
      const key = `${query.page}|${query.perPage}|${normalizeSearch(query.search)}`;
      const cached = answers.get(version, key);
      if (cached) return cached;
      const page = await listPrompts(db, query);
      return answers.set(version, key, {
        success: true,
        prompts: page.prompts.map(toView),
        page: page.page,
        per_page: page.perPage,
        pages: page.pages,
        total: page.total,
      });
    },

    create: withUpload(async (_req, form) => {
      const sent = textFields(form);
      const fields = {
        title: sent.title ?? '',
        description: sent.description ?? '',
        prompt_template: sent.prompt_template ?? '',
        prompt_music: sent.prompt_music ?? '',
      };
      checkPrompt(fields);
      const row = await withImage(form, (imagePath) =>
        createPrompt(db, { ...fields, image_path: imagePath ?? null }, ctx.now().toISOString()),
      );
      return { success: true, prompt: toView(row) };
    }),

    update: withUpload(async (req, form) => {
      const id = idParam(req);
      const sent = textFields(form);
      const current = await findPrompt(db, id);
      if (!current) throw new HttpError(404, 'Prompt not found');
      const fields = {
        title: sent.title ?? current.title,
        description: sent.description ?? current.description,
        prompt_template: sent.prompt_template ?? current.prompt_template,
        prompt_music: sent.prompt_music ?? current.prompt_music,
      };
      checkPrompt(fields);
      const result = await withImage(form, async (imagePath) => {
        const changed = await updatePrompt(db, id, { ...fields, image_path: imagePath ?? current.image_path }, ctx.now().toISOString());
        // Deleted while the image was being resized.
        if (!changed) throw new HttpError(404, 'Prompt not found');
        return changed;
      });
      // Only once the new path is committed: the old file is no longer referenced.
      if (result.before.image_path && result.before.image_path !== result.after.image_path) {
        await images.remove(result.before.image_path);
      }
      return { success: true, prompt: toView(result.after) };
    }),

    async remove(req) {
      const row = await deletePrompt(db, idParam(req));
      if (!row) throw new HttpError(404, 'Prompt not found');
      await images.remove(row.image_path);
      return { success: true };
    },

    async image(req) {
      const file = images.fileFor(req.params.filename ?? '');
      if (!file) throw new HttpError(404, 'Image not found');
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        throw new HttpError(404, 'Image not found');
      }
      // A stored name is random and never rewritten, so the name itself identifies the content.
      const etag = `"${basename(file, '.webp')}"`;
      const headers = { 'Content-Type': IMAGE_MIME, 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag };
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        req.res.writeHead(304, headers);
        req.res.end();
        return HANDLED;
      }
      req.res.writeHead(200, { ...headers, 'Content-Length': body.length });
      req.res.end(req.method === 'HEAD' ? undefined : body);
      return HANDLED;
    },
  };
}
