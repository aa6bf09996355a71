/**
 * A refused Storefront save, said where the owner fixes it. The server names the field by its
 * path in the saved document (`contacts.whatsapp_number must be …`, `plans[combo].checkout_url
 * must be …`); the owner reads the field's label instead, under the field itself.
 */
import type { Snapshot } from 'valtio';
import type { Storefront, StorefrontPlan } from '../../../contract/calls/storefront';
import { CONTACT_LABELS, planLabel, VIDEO_LABELS } from './storefront-labels';
import { store } from './store';
import type { FieldError } from './store';

const PLAN_FIELDS: Partial<Record<keyof StorefrontPlan, string>> = {
  price_idr: 'price',
  checkout_url: 'checkout link',
  lynk_titles: 'Lynk titles',
};
const PATH = /^(contacts\.(\w+)|videos\.(\w+)|plans\[([^\]]+)\]\.(\w+))(:? )([\s\S]+)$/;

function labelOf(match: RegExpExecArray, draft: Snapshot<Storefront>): string | undefined {
  const [, , contact, video, planId, planField] = match;
  if (contact) return CONTACT_LABELS[contact as keyof Storefront['contacts']];
  if (video) return VIDEO_LABELS[video as keyof Storefront['videos']];
  const plan = draft.plans.find((item) => item.id === planId);
  const field = PLAN_FIELDS[planField as keyof StorefrontPlan];
  return plan && field ? `${planLabel(plan)} ${field}` : undefined;
}

/** The refusal as a field's error (`WhatsApp number must be …`), or undefined when it names no field on screen. */
export function fieldErrorOf(error: string, draft: Snapshot<Storefront>): FieldError | undefined {
  const match = PATH.exec(error);
  const label = match && labelOf(match, draft);
  return match && label ? { path: match[1]!, text: `${label}${match[6]}${match[7]}` } : undefined;
}

/** The owner changed the field: its error goes. */
export function clearFieldError(path: string): void {
  if (store.storefront.fieldError?.path === path) store.storefront.fieldError = null;
}

export const contactPath = (field: keyof Storefront['contacts']): string => `contacts.${field}`;
export const videoPath = (field: keyof Storefront['videos']): string => `videos.${field}`;
export const planPath = (plan: Pick<StorefrontPlan, 'id'>, field: keyof StorefrontPlan): string =>
  `plans[${plan.id}].${field}`;
