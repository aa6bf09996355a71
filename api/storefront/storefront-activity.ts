/** The activity log entry of a storefront save: only what changed, old → new (docs/spec.md#activity-log). */
import type { PlanRow } from '../../data/storefront-plans';
import type { StorefrontValues } from '../../data/storefront-values';
import { fieldChanges, mergeChanges } from '../shared/change-summary';
import type { ActivityChange } from '../shared/activity-record';
import type { StorefrontChange } from './storefront-input';

/** Undefined when the save changed nothing: no entry then. */
export function storefrontSaved(
  plans: readonly PlanRow[],
  values: StorefrontValues,
  change: StorefrontChange,
): ActivityChange | undefined {
  const byId = new Map(plans.map((plan) => [plan.id, plan]));
  const planChanges = change.plans.map(({ id, ...next }) => fieldChanges({ ...byId.get(id) }, next, `plan ${id} `));
  const changes = mergeChanges([
    ...planChanges,
    fieldChanges(values.contacts, change.contacts, 'contacts.'),
    fieldChanges(values.videos, change.videos, 'videos.'),
    ...(change.trial ? [fieldChanges(values.trial, change.trial, 'trial.')] : []),
  ]);
  if (changes.summary === '') return undefined;
  return { action: 'storefront.saved', objectType: 'storefront', objectId: null, ...changes };
}
