/** What other features may use of the buyer account room: e-mailing a one-time link (the free trial's too). */
export { LINK_LIFETIME_MINUTES, normalizeBuyerEmail, sendLink, spendLinkRequest } from './send-link';
