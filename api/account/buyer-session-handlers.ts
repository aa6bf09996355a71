/** Signing in and out of /lisensi: ask for a link, open it, check, sign out here or everywhere. */
import * as calls from '../../contract/calls/account';
import { deleteBuyerSession, deleteBuyerSessionsOf, findBuyerSession, useBuyerLink } from '../../data/buyer-sessions';
import { isKnownBuyer } from '../../data/buyer-records';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { afterAnswer } from '../shared/after-answer';
import { clientNetwork } from '../http/client-ip';
import { hashToken, isToken, readCookie } from '../http/cookies';
import { rejectCrossSite } from '../http/cross-site';
import { HttpError } from '../http/http-error';
import { issueTrial } from '../trial';
import { BUYER_COOKIE, buyerCookie, buyerOf, findBuyer, startBuyerSession } from './buyer-guard';
import { spend } from './buyer-services';
import { buyerActor } from '../shared/activity-actor';
import { recordBuyerStepIn } from './buyer-activity';
import { LINK_SENT, normalizeBuyerEmail, sendLink, spendLinkRequest } from './send-link';

const NO_LONGER_VALID = 'This link is no longer valid';

export async function requestLink(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.requestAccountLink>> {
  const body = await checkedBody(req, calls.requestAccountLink);
  const email = normalizeBuyerEmail(body.email);
  await spendLinkRequest(ctx, req, email);
  // Looked up after answering: the answer's timing must not tell a buyer's address from a stranger's.
  const by = buyerActor(req, email);
  afterAnswer(
    req.res,
    async () => {
      if (await isKnownBuyer(ctx.db, email)) await sendLink(ctx, email, 'sign_in', by);
    },
    (error) => ctx.log.error('buyer sign-in link not sent', error),
  );
  return { success: true, message: LINK_SENT };
}

export async function openLink(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.openAccountLink>> {
  rejectCrossSite(req);
  const body = await checkedBody(req, calls.openAccountLink);
  await spend(ctx.buyers.opensPerIp, clientNetwork(req.ip));
  if (!isToken(body.token)) throw new HttpError(400, NO_LONGER_VALID);
  const at = ctx.now().toISOString();
  const link = await ctx.db.transaction(async (tx) => {
    const used = await useBuyerLink(tx, hashToken(body.token), at);
    if (used) {
      const what = used.purpose === 'trial' ? 'free-trial link' : 'sign-in link';
      await recordBuyerStepIn(tx, buyerActor(req, used.email), at, 'buyer.signed_in', `signed in with the ${what}`, {
        purpose: used.purpose,
      });
    }
    return used;
  });
  if (!link) throw new HttpError(400, NO_LONGER_VALID);
  const cookie = await startBuyerSession(ctx, req, link.email);
  const trial = link.purpose === 'trial' ? await issueTrial(ctx, link.email, buyerActor(req, link.email)) : null;
  return reply(200, { success: true as const, email: link.email, trial }, { 'Set-Cookie': cookie });
}

export async function check(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.checkAccountSession>> {
  const buyer = await findBuyer(ctx, req);
  return { success: true, signed_in: buyer !== undefined, email: buyer?.email ?? null };
}

export async function logout(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.accountLogout>> {
  rejectCrossSite(req);
  const token = readCookie(req, BUYER_COOKIE);
  const at = ctx.now().toISOString();
  if (token)
    await ctx.db.transaction(async (tx) => {
      const session = await findBuyerSession(tx, hashToken(token));
      if (!session) return;
      await deleteBuyerSession(tx, hashToken(token));
      await recordBuyerStepIn(tx, buyerActor(req, session.email), at, 'buyer.signed_out', 'signed out on this device');
    });
  return reply(200, { success: true as const }, { 'Set-Cookie': buyerCookie(req, '', 0) });
}

export async function logoutAll(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.accountLogoutAll>> {
  const { email } = buyerOf(req);
  const at = ctx.now().toISOString();
  const ended = await ctx.db.transaction(async (tx) => {
    const count = await deleteBuyerSessionsOf(tx, email);
    if (count > 0)
      await recordBuyerStepIn(
        tx,
        buyerActor(req, email),
        at,
        'buyer.signed_out',
        `signed out on every device (${count})`,
        {
          sessions_ended: count,
        },
      );
    return count;
  });
  return reply(
    200,
    { success: true as const, message: `Anda sudah keluar dari ${ended} perangkat.` },
    { 'Set-Cookie': buyerCookie(req, '', 0) },
  );
}
