/**
 * The activity log's word lists as plain values (the browser's filters import them without the
 * schema library). Append a new action at the end of its group; never rename a stored one.
 */

/** Who made a change: shown as the admin's username (or "admin"), the buyer's e-mail, "Lynk.id", "system". */
export const ACTIVITY_ACTOR_KINDS = ['admin', 'buyer', 'lynk', 'system'] as const;

/** What an entry is about; its `object_id` is that object's id, key or name. */
export const ACTIVITY_OBJECT_TYPES = [
  'license',
  'loopstream',
  'order',
  'setting',
  'storefront',
  'prompt',
  'mail',
  'admin',
  'session',
  'backup',
  'trial',
] as const;

/** Every kind of change the log records, as dotted names (`<object>.<what happened>`). */
export const ACTIVITY_ACTIONS = [
  'admin.sign_in',
  'admin.sign_in_failed',
  'admin.sign_out',
  'admin.password_changed',
  'license.created',
  'license.extended',
  'license.shortened',
  'license.deactivated',
  'license.activated',
  'license.deleted',
  'license.device_unbound',
  'loopstream.created',
  'loopstream.updated',
  'loopstream.extended',
  'loopstream.deleted',
  'setting.changed',
  'storefront.saved',
  'prompt.created',
  'prompt.updated',
  'prompt.deleted',
  'mail.resent',
  'order.paid',
  'order.needs_review',
  'admin.session_ended',
  'admin.second_factor_on',
  'admin.second_factor_off',
  'admin.passkey_added',
  'admin.passkey_removed',
  'admin.passkey_renamed',
  'order.needs_setup',
  'order.handled',
  'order.reprocessed',
  'mail.reminder_sent',
  'trial.issued',
  'buyer.link_requested',
  'buyer.signed_in',
  'buyer.signed_out',
  'backup.made',
  'backup.failed',
  'backup.proof_failed',
  'backup.restored',
] as const;

export type ActivityActorKind = (typeof ACTIVITY_ACTOR_KINDS)[number];
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
