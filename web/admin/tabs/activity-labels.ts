/** How the Activity view names who did what: read from the stored words, so a new action needs no label here. */
import type { ActivityEntry } from '../../../contract/calls/activity';
import type { ActivityActorKind, ActivityObjectType } from '../../../contract/rules/activity-words';

export const ACTOR_LABELS: Record<ActivityActorKind, string> = {
  admin: 'Admin',
  buyer: 'Buyer',
  lynk: 'Lynk.id',
  system: 'System',
};

export const OBJECT_LABELS: Record<ActivityObjectType, string> = {
  license: 'Licence',
  loopstream: 'LoopStream',
  order: 'Order',
  setting: 'Setting',
  storefront: 'Storefront',
  prompt: 'Prompt',
  mail: 'E-mail',
  admin: 'Admin',
  session: 'Session',
  backup: 'Backup',
  trial: 'Trial',
};

/** `license.device_unbound` → `Licence: device unbound`. */
export function actionLabel(action: string): string {
  const [object = '', what = ''] = action.split('.');
  const name = (OBJECT_LABELS as Record<string, string>)[object] ?? object;
  return `${name}: ${what.replace(/_/g, ' ')}`;
}

/** The admin's username, the buyer's e-mail, "Lynk.id" or "system". */
export function actorName(entry: Pick<ActivityEntry, 'actor' | 'actor_label'>): string {
  if (entry.actor === 'lynk') return 'Lynk.id';
  if (entry.actor === 'system') return 'system';
  return entry.actor_label ?? entry.actor;
}

/** `Licence #12`, `Setting download_url`, `Storefront`; '' without an object. */
export function objectName(entry: Pick<ActivityEntry, 'object_type' | 'object_id'>): string {
  if (!entry.object_type) return '';
  const name = OBJECT_LABELS[entry.object_type];
  if (entry.object_id === null) return name;
  return /^\d+$/.test(entry.object_id) ? `${name} #${entry.object_id}` : `${name} ${entry.object_id}`;
}

/** A before/after value as one line: text as written, the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
