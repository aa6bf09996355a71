/** The prompt collection's calls (docs/spec.md#prompts): the public list, and the admin's create, update and delete. */
import type { SuccessOf } from '../../contract/calls/call';
import * as calls from '../../contract/calls/prompts';
import { promptImageUrl } from '../../contract/rules/images';
import { PROMPT_LIST } from '../../contract/rules/paging';
import { createPrompt, deletePrompt, findPrompt, listPrompts, promptsVersion, updatePrompt } from '../../data/prompts';
import type { PromptRow } from '../../data/prompts';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedQuery } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import type { JsonBody } from '../http/json-body';
import { readListQuery } from '../http/list-query';
import type { ListQuery } from '../http/list-query';
import { withUpload } from '../images';
import { checkPrompt, removesImage, textFields, withImage } from './prompt-form';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import { promptCreated, promptDeleted, promptUpdated } from './prompt-activity';

const notFound = (): HttpError => new HttpError(404, 'Prompt not found');

function toView(row: PromptRow): calls.Prompt {
  return { ...row, image_url: promptImageUrl(row.image_path) ?? null };
}

export async function list(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.listPrompts>> {
  // Every visitor of /prompts asks for the same first pages: answer them from the cache until a
  // prompt changes (here or on another instance). The answer depends on the query alone, so the
  // request target is a key too: a repeated address skips reading and checking its query.
  const version = promptsVersion(ctx.db);
  const { listCache } = ctx.prompts;
  const target = `target ${req.raw.url}`;
  const known = listCache.get<SuccessOf<typeof calls.listPrompts>>(version, target);
  if (known) return known;
  const query = readListQuery(checkedQuery(req, calls.listPrompts), PROMPT_LIST);
  const key = `query ${query.page}|${query.perPage}|${query.search}`;
  const answer =
    listCache.get<SuccessOf<typeof calls.listPrompts>>(version, key) ?? (await listPage(ctx, query, version, key));
  return listCache.keep(version, target, answer);
}

async function listPage(
  ctx: AppContext,
  query: ListQuery,
  version: number,
  key: string,
): Promise<JsonBody<SuccessOf<typeof calls.listPrompts>>> {
  const page = await listPrompts(ctx.db, query);
  return ctx.prompts.listCache.set(version, key, {
    success: true as const,
    prompts: page.prompts.map(toView),
    page: page.page,
    per_page: page.perPage,
    pages: page.pages,
    total: page.total,
  });
}

export function create(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.createPrompt>> {
  return withUpload(req, ctx.images, async (form) => {
    const sent = textFields(form, calls.createPrompt);
    const fields = {
      title: sent.title ?? '',
      description: sent.description ?? '',
      prompt_template: sent.prompt_template ?? '',
      prompt_music: sent.prompt_music ?? '',
    };
    checkPrompt(fields);
    const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
    const row = await withImage(ctx, form, (imagePath) =>
      createPrompt(ctx.db, { ...fields, image_path: imagePath ?? null }, now, (tx, created) =>
        recordChangeIn(tx, by, now, promptCreated(created)),
      ),
    );
    return { success: true, prompt: toView(row) };
  });
}

export function update(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.updatePrompt>> {
  return withUpload(req, ctx.images, async (form) => {
    const id = idParam(req);
    const sent = textFields(form, calls.updatePrompt);
    const current = await findPrompt(ctx.db, id);
    if (!current) throw notFound();
    const fields = {
      title: sent.title ?? current.title,
      description: sent.description ?? current.description,
      prompt_template: sent.prompt_template ?? current.prompt_template,
      prompt_music: sent.prompt_music ?? current.prompt_music,
    };
    checkPrompt(fields);
    const keptImage = removesImage(sent, form) ? null : current.image_path;
    const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
    const result = await withImage(ctx, form, async (imagePath) => {
      const changed = await updatePrompt(
        ctx.db,
        id,
        { ...fields, image_path: imagePath ?? keptImage },
        now,
        (tx, c) => {
          const entry = promptUpdated(c.before, c.after);
          return entry ? recordChangeIn(tx, by, now, entry) : Promise.resolve();
        },
      );
      // Deleted while the image was being resized.
      if (!changed) throw notFound();
      return changed;
    });
    // Only once the new path is committed: the old image is no longer referenced.
    if (result.before.image_path && result.before.image_path !== result.after.image_path) {
      await ctx.images.pipeline.remove(result.before.image_path);
    }
    return { success: true, prompt: toView(result.after) };
  });
}

export async function remove(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.deletePrompt>> {
  const id = idParam(req);
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const row = await deletePrompt(ctx.db, id, (tx, deleted) => recordChangeIn(tx, by, now, promptDeleted(deleted)));
  if (!row) throw notFound();
  await ctx.images.pipeline.remove(row.image_path);
  return { success: true };
}
