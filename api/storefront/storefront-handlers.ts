/** The storefront's calls (docs/spec.md#catalogue): the public catalogue, the owner's save and screenshot upload. */
import type * as calls from '../../contract/calls/storefront';
import type { Storefront } from '../../contract/calls/storefront';
import { listPlans, updatePlansIn } from '../../data/storefront-plans';
import { readStorefrontValues, writeStorefrontValue } from '../../data/storefront-values';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { reply } from '../http/api-request';
import { readJson } from '../http/read-body';
import type { RenderTimes } from './storefront-pages';
import { checkStorefrontInput } from './storefront-input';
import { publicStorefront, storefrontPlaceholders } from './storefront-view';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import { storefrontSaved } from './storefront-activity';

export const SAVED = 'Storefront saved successfully!';

/** The catalogue now and what of it is still the shipped sample: the read's answer and every save's. */
export async function catalogue(ctx: AppContext): Promise<{ storefront: Storefront; placeholders: string[] }> {
  const storefront = await ctx.storefront.current();
  return { storefront, placeholders: storefrontPlaceholders(storefront) };
}

/** Anyone's read: only what the pages show, whoever asks (the owner reads getForOwner). */
export async function get(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.getStorefront>> {
  const answer = await catalogue(ctx);
  return { success: true, storefront: publicStorefront(answer.storefront), placeholders: answer.placeholders };
}

export async function getForOwner(
  _req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.getOwnerStorefront>> {
  const answer = await catalogue(ctx);
  // The owner reading the catalogue (the Storefront tab) may save next: have the renderer ready.
  ctx.storefront.warm(answer.storefront);
  return { success: true, ...answer };
}

/**
 * Renders the pages again after a committed change. The change stands even if rendering fails
 * (logged): the next change or restart renders them.
 */
export async function publishChange(ctx: AppContext): Promise<Record<string, string>> {
  let times: RenderTimes | undefined;
  try {
    times = await ctx.storefront.changed();
  } catch (error) {
    ctx.log.error('storefront: pages could not be rendered after a change', error);
  }
  if (!times) return {};
  ctx.log.info(
    `storefront: ${times.pages} pages rendered in ${times.renderMs.toFixed(1)} ms, published in ${times.totalMs.toFixed(1)} ms`,
  );
  // How long the pages took, for whoever watches the answer (tests print it).
  return { 'Server-Timing': `render;dur=${times.renderMs.toFixed(1)}, publish;dur=${times.totalMs.toFixed(1)}` };
}

export async function save(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.saveStorefront>> {
  const raw = await readJson(req);
  const [plans, values] = await Promise.all([listPlans(ctx.db), readStorefrontValues(ctx.db)]);
  const change = checkStorefrontInput(raw, plans, values.contacts);
  const [by, at] = [await adminActor(req, ctx), ctx.now().toISOString()];
  await ctx.db.transaction(async (tx) => {
    // What the save replaces, read in its transaction: the entry says exactly what this save changed.
    const entry = storefrontSaved(await listPlans(tx), await readStorefrontValues(tx), change);
    if (entry) await recordChangeIn(tx, by, at, entry);
    await updatePlansIn(tx, change.plans, at);
    await writeStorefrontValue(tx, 'contacts', change.contacts, at);
    await writeStorefrontValue(tx, 'videos', change.videos, at);
    if (change.trial) await writeStorefrontValue(tx, 'trial', change.trial, at);
  });
  const headers = await publishChange(ctx);
  return reply(200, { success: true as const, message: SAVED, ...(await catalogue(ctx)) }, headers);
}
