/**
 * The one-time link (docs/spec.md#buyer-account): 32 random bytes, kept only as their SHA-256,
 * e-mailed through the outbox as `/lisensi#token=...`. In the fragment the token never reaches a
 * server log, and the page POSTs it, so a mail scanner that opens the link changes nothing.
 */
import { insertBuyerLink } from '../../data/buyer-sessions';
import type { LinkPurpose } from '../../data/buyer-sessions';
import { lowerAscii } from '../../data/orders';
import { enqueueMailIn } from '../../data/outbox';
import { isIPv4 } from 'node:net';
import { hashToken, newToken } from '../http/cookies';
import { clientNetwork } from '../http/client-ip';
import { inboxOf } from '../shared/inbox';
import type { AppContext } from '../context';
import type { ApiRequest } from '../http/api-request';
import { signInLinkMail } from './account-mail';
import { accountUrl } from '../shared/account-url';
import { spend, tooManyRequests } from './buyer-services';
import type { ActivityActor } from '../../data/activity/activity-log';
import { recordBuyerStepIn } from './buyer-activity';
import { MINUTE_MS } from '../../contract/rules/durations';

/** How long an e-mailed link can be opened; the answers that announce it say the same number. */
export const LINK_LIFETIME_MINUTES = 15;
export const LINK_LIFETIME_MS = LINK_LIFETIME_MINUTES * MINUTE_MS;

/** The same words for every address, known or not: the answer must not tell who bought. */
export const LINK_SENT = `Jika alamat ini terdaftar, tautan masuk sudah kami kirim ke e-mail tersebut. Periksa kotak masuk dan folder spam; tautan berlaku ${LINK_LIFETIME_MINUTES} menit.`;

/** The address as buyers are matched: trimmed, A-Z lower-cased like SQL's lower() on both engines. */
export function normalizeBuyerEmail(email: string): string {
  return lowerAscii(email.trim());
}

/**
 * The limits every link request passes, known address or not: per client (an IPv4 address, or an
 * IPv6 /64), then per inbox (one Gmail inbox under its dotted and +tagged spellings is one).
 */
export async function spendLinkRequest(
  ctx: AppContext,
  req: ApiRequest,
  email: string,
  purpose: LinkPurpose = 'sign_in',
): Promise<void> {
  const client = clientNetwork(req.ip);
  await spend(isIPv4(client) ? ctx.buyers.linksPerIp : ctx.buyers.linksPerNetwork, client);
  await spend(ctx.buyers.linksPerEmail, inboxOf(email));
  // The shop-wide ceiling (VISITOR_LINKS_PER_HOUR) alike for every address: its refusal tells nothing about who bought.
  const wait = await ctx.mail.visitorLinks.waitFor(purpose);
  if (wait > 0) throw tooManyRequests(wait);
}

/** Stores a fresh link for the address and queues its e-mail; `by` asked for it (the activity log). */
export async function sendLink(ctx: AppContext, email: string, purpose: LinkPurpose, by: ActivityActor): Promise<void> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS).toISOString();
  const link = accountUrl(ctx.config, `#token=${token}`);
  const mail = signInLinkMail(purpose, link, expiresAt, ctx.config.timeZone);
  const at = now.toISOString();
  const entry = await linkEntry(ctx, clientNetwork(by.ip ?? ''));
  await ctx.db.transaction(async (tx) => {
    await insertBuyerLink(tx, { token_hash: hashToken(token), email, purpose, created_at: at, expires_at: expiresAt });
    await enqueueMailIn(tx, { kind: 'sign_in', to_address: email, ...mail }, at);
    if (!entry) return;
    const what = purpose === 'trial' ? 'free-trial link' : 'sign-in link';
    const since = entry.earlier > 0 ? ` (and ${entry.earlier} more links from this address since its last entry)` : '';
    const after = entry.earlier > 0 ? { purpose, unlogged_links: entry.earlier } : { purpose };
    await recordBuyerStepIn(tx, by, at, 'buyer.link_requested', `${what} e-mailed to ${email}${since}`, after);
  });
  await ctx.mail.visitorLinks.count(purpose);
  ctx.mail.queued();
}

/**
 * A burst of links from one client is one activity entry (docs/spec.md#activity-log), as refused
 * admin sign-ins are: at most one a minute; the links left out meanwhile are counted and the next
 * entry carries the count. Undefined: this link is left out.
 */
async function linkEntry(ctx: AppContext, client: string): Promise<{ earlier: number } | undefined> {
  const { linkEntries, unloggedLinks } = ctx.buyers;
  if ((await linkEntries.hit(client)) > 0) {
    await unloggedLinks.hit(client);
    return undefined;
  }
  const earlier = await unloggedLinks.count(client);
  if (earlier > 0) await unloggedLinks.reset(client);
  return { earlier };
}
