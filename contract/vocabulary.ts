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
export const TEMPLATE_VARIABLES = ['license_key', 'expired_date', 'download_url', 'tutorial_url', 'whatsapp_url', 'support_email'] as const;
/** A renewal reminder's template also has the checkout link to renew with. */
export const REMINDER_TEMPLATE_VARIABLES = [...TEMPLATE_VARIABLES, 'renew_url'] as const;
/** What a template is for: the licence message, or the renewal reminder e-mail. */
export const TEMPLATE_KINDS = ['license', 'reminder'] as const;
