import { formatRupiah } from '../../format';
import type { Snapshot } from 'valtio';
/**
 * The Storefront tab's state: the catalogue as saved, the owner's draft of it, and what is still
 * a shipped placeholder. One Save sends the whole draft after a confirmation listing the changes.
 */
import type * as calls from '../../../contract/calls/storefront';
import type { Storefront, StorefrontPlan } from '../../../contract/calls/storefront';
import { apiJson, apiUpload } from '../api-client';
import { MESSAGES } from '../messages';
import { confirmAction, notify } from './dialogs';
import { fieldErrorOf } from './storefront-errors';
import { CONTACT_LABELS, planLabel, VIDEO_LABELS } from './storefront-labels';
import { store } from './store';

const titlesOf = (plan: Pick<Snapshot<StorefrontPlan>, 'lynk_titles'>): string[] =>
  plan.lynk_titles.map((title) => title.trim()).filter(Boolean);

function planChanges(before: Snapshot<StorefrontPlan>, after: Snapshot<StorefrontPlan>): string[] {
  const label = planLabel(before);
  const lines: string[] = [];
  if (before.price_idr !== after.price_idr)
    lines.push(`${label}: price ${formatRupiah(before.price_idr)} → ${formatRupiah(after.price_idr)}`);
  if (before.checkout_url !== after.checkout_url.trim())
    lines.push(`${label}: checkout link → ${after.checkout_url.trim() || '(none)'}`);
  if (before.available !== after.available)
    lines.push(`${label}: ${after.available ? 'now on sale' : 'no longer on sale'}`);
  if (before.most_popular !== after.most_popular)
    lines.push(`${label}: ${after.most_popular ? 'marked most popular' : 'no longer most popular'}`);
  if (titlesOf(before).join('\n') !== titlesOf(after).join('\n'))
    lines.push(`${label}: Lynk titles → ${titlesOf(after).join(', ') || '(none)'}`);
  return lines;
}

/** Each change of the draft against the saved catalogue, as a line the owner reads before saving. */
export function describeChanges(saved: Snapshot<Storefront>, draft: Snapshot<Storefront>): string[] {
  const lines = draft.plans.flatMap((plan) => {
    const before = saved.plans.find((item) => item.id === plan.id);
    return before ? planChanges(before, plan) : [];
  });
  for (const [field, label] of Object.entries(CONTACT_LABELS) as Array<[keyof Storefront['contacts'], string]>) {
    if (saved.contacts[field] !== draft.contacts[field].trim())
      lines.push(`${label}: ${saved.contacts[field] || '(none)'} → ${draft.contacts[field].trim() || '(none)'}`);
  }
  for (const [field, label] of Object.entries(VIDEO_LABELS) as Array<[keyof Storefront['videos'], string]>) {
    if (saved.videos[field] !== draft.videos[field].trim())
      lines.push(`${label}: ${saved.videos[field]} → ${draft.videos[field].trim()}`);
  }
  const onOff = (enabled: boolean): string => (enabled ? 'on' : 'off');
  if (saved.trial.enabled !== draft.trial.enabled)
    lines.push(`Free trial: ${onOff(saved.trial.enabled)} → ${onOff(draft.trial.enabled)}`);
  if (saved.trial.days !== draft.trial.days)
    lines.push(`Free trial length: ${saved.trial.days} → ${draft.trial.days} days`);
  return lines;
}

/** A plain copy (structuredClone refuses the store's proxies). */
const copyOf = (storefront: Storefront): Storefront => JSON.parse(JSON.stringify(storefront)) as Storefront;

function show(storefront: Storefront): void {
  store.storefront.saved = copyOf(storefront);
  store.storefront.draft = copyOf(storefront);
}

type Catalogue = { storefront: Storefront; placeholders: string[] };

/**
 * Follows the catalogue the server answered (a read, or a save's answer: no second GET). A draft
 * with unsaved edits is kept (the owner may look at another tab and come back, or upload a
 * screenshot meanwhile) and takes only the screenshot; one without edits follows the catalogue.
 */
function follow(answer: Catalogue): void {
  store.storefront.placeholders = answer.placeholders;
  const { saved, draft } = store.storefront;
  if (!saved || !draft || describeChanges(saved, draft).length === 0) return show(answer.storefront);
  store.storefront.saved = copyOf(answer.storefront);
  draft.earnings_image = copyOf(answer.storefront).earnings_image;
}

/** The catalogue and its placeholders (see follow). */
export async function loadStorefront(): Promise<void> {
  store.storefront.loading = true;
  try {
    const answer = await apiJson<typeof calls.getOwnerStorefront>('GET', '/api/storefront/owner');
    if (!answer.success) return;
    follow(answer);
  } catch {
    // The tab keeps what it shows; the banner stays as it was.
  } finally {
    store.storefront.loading = false;
  }
}

export async function saveStorefront(): Promise<void> {
  const { saved, draft } = store.storefront;
  if (!saved || !draft || store.storefront.saving) return;
  const changes = describeChanges(saved, draft);
  if (changes.length === 0) return notify(MESSAGES.nothingToSave);
  if (
    !confirmAction(
      `Save these changes? The shop shows them at once.\n\n${changes.map((line) => `• ${line}`).join('\n')}`,
    )
  )
    return;
  store.storefront.saving = true;
  store.storefront.fieldError = null;
  try {
    const answer = await apiJson<typeof calls.saveStorefront>('PUT', '/api/storefront', copyOf(draft));
    if (!answer.success) {
      // A refusal that names a field on screen is said under it; any other in an alert.
      const field = fieldErrorOf(answer.error, draft);
      if (field) store.storefront.fieldError = field;
      else notify(answer.error || MESSAGES.saveStorefrontFailed);
      return;
    }
    store.storefront.placeholders = answer.placeholders;
    show(answer.storefront);
    notify(answer.message);
  } catch (error) {
    notify(MESSAGES.saveStorefrontError + (error instanceof Error ? error.message : String(error)));
  } finally {
    store.storefront.saving = false;
  }
}

/** Uploads a new earnings screenshot; the draft's other edits are kept. */
export async function uploadEarningsImage(file: File): Promise<boolean> {
  const form = new FormData();
  form.set('image', file);
  store.storefront.uploadProgress = 0;
  try {
    const answer = await apiUpload<typeof calls.uploadEarningsImage>(
      'POST',
      '/api/storefront/earnings-image',
      form,
      (ratio) => {
        store.storefront.uploadProgress = ratio;
      },
    );
    if (!answer.success) {
      notify(answer.error || MESSAGES.uploadScreenshotFailed);
      return false;
    }
    follow(answer);
    notify(answer.message);
    return true;
  } catch (error) {
    notify(MESSAGES.uploadScreenshotError + (error instanceof Error ? error.message : String(error)));
    return false;
  } finally {
    store.storefront.uploadProgress = null;
  }
}
