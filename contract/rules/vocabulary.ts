/**
 * The closed word lists of the contract as plain values: schemas are built from them, and the
 * browser imports them without pulling the schema library into its bundles.
 */
export const APP_TYPES = ['loopbot', 'loopstream'] as const;
export const PACKAGE_TYPES = ['Paket 1', 'Paket 2'] as const;
/** What a storefront plan sells. */
export const PLAN_PRODUCTS = ['loopbot', 'loopstream', 'combo'] as const;
export const ORDER_STATUSES = ['fulfilled', 'needs_setup', 'needs_review'] as const;
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
/** The placeholders a licence message template may use (`{license_key}`...); others stay as written. */
export const TEMPLATE_VARIABLES = [
  'license_key',
  'expired_date',
  'download_url',
  'tutorial_url',
  'whatsapp_url',
  'support_email',
] as const;
/** A renewal reminder's template also has the checkout link to renew with. */
export const REMINDER_TEMPLATE_VARIABLES = [...TEMPLATE_VARIABLES, 'renew_url'] as const;
/** What a template is for: the licence message, or the renewal reminder e-mail. */
export const TEMPLATE_KINDS = ['license', 'reminder'] as const;
/** What the outbox sends: a licence, a renewal reminder, a resent copy, an order's note, LoopStream access, a backup alert to the shop, a buyer's one-time sign-in link. */
export const MAIL_KINDS = [
  'license',
  'reminder',
  'resend',
  'order',
  'loopstream',
  'backup',
  'sign_in',
  'security',
] as const;
/** A scheduled backup's verdict: its last proof passed, or making or proving it failed. */
export const BACKUP_STATUSES = ['proved', 'failed'] as const;
/** What a paid order did to a licence. */
export const LICENSE_CHANGES = ['created', 'extended'] as const;
/** A licence's status as the admin sees it: `other` is any stored word but active (suspended...). */
export const LICENSE_STATUSES = ['active', 'expired', 'other'] as const;
/** The admin list's filter: `expiring` is active with the expiry within the next LICENSE_EXPIRING_DAYS. */
export const LICENSE_FILTERS = ['active', 'expired', 'expiring'] as const;
export const LICENSE_EXPIRING_DAYS = 7;
/** The licence audit trail's events. */
export const LICENSE_EVENT_TYPES = [
  'issued',
  'activated',
  'deactivated',
  'admin_unbound',
  'expiry_changed',
  'suspended',
  'deleted',
  'validation_failed',
  'rate_limited',
  'device_released',
  'mail_resent',
  'downloaded',
  'key_revealed',
] as const;
/** Who made a licence change: the owner, the desktop app, a paid order, or the buyer on /lisensi. */
export const LICENSE_ACTORS = ['admin', 'device', 'order', 'buyer'] as const;
/** A licence as its buyer reads it on /lisensi: Aktif, Kedaluwarsa, Dinonaktifkan. */
export const BUYER_LICENSE_STATES = ['active', 'expired', 'suspended'] as const;
/** What an e-mailed one-time link does when opened: sign in, or sign in and issue the free trial. */
export const LINK_PURPOSES = ['sign_in', 'trial'] as const;

/** One word of a list above as a type: `Word<typeof APP_TYPES>` is `'loopbot' | 'loopstream'`. */
export type Word<List extends readonly string[]> = List[number];
