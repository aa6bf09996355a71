/** Signing in and out of /lisensi: ask for a link, open it, check, sign out here or everywhere. */
import * as calls from '../../contract/account';
import { deleteBuyerSession, deleteBuyerSessionsOf, useBuyerLink } from '../../data/buyer-sessions';
import { isKnownBuyer } from '../../data/buyer-records';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { hashToken, readCookie } from '../http/cookies';
import { rejectCrossSite } from '../http/cross-site';
import { HttpError } from '../http/http-error';
import { issueTrial } from '../trial/issue-trial';
import { BUYER_COOKIE, buyerCookie, buyerOf, findBuyer, startBuyerSession } from './buyer-guard';
import { spend } from './buyer-services';
import { LINK_SENT, normalizeBuyerEmail, sendLink, spendLinkRequest } from './send-link';

const NO_LONGER_VALID = 'This link is no longer valid';

export async function requestLink(
  req: ApiRequest,
  ctx: AppContext,
): Promise<AnswerFor<typeof calls.requestAccountLink>> {
  const body = await checkedBody(req, calls.requestAccountLink);
  const email = normalizeBuyerEmail(body.email);
  await spendLinkRequest(ctx, req, email);
  if (await isKnownBuyer(ctx.db, email)) await sendLink(ctx, email, 'sign_in');
  return { success: true, message: LINK_SENT };
}

export async function openLink(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.openAccountLink>> {
  rejectCrossSite(req);
  const body = await checkedBody(req, calls.openAccountLink);
  await spend(ctx.buyers.opensPerIp, req.ip);
  if (!/^[A-Za-z0-9_-]{43}$/.test(body.token)) throw new HttpError(400, NO_LONGER_VALID);
  const link = await useBuyerLink(ctx.db, hashToken(body.token), ctx.now().toISOString());
  if (!link) throw new HttpError(400, NO_LONGER_VALID);
  const cookie = await startBuyerSession(ctx, req, link.email);
  const trial = link.purpose === 'trial' ? await issueTrial(ctx, link.email) : null;
  return reply(200, { success: true as const, email: link.email, trial }, { 'Set-Cookie': cookie });
}

export async function check(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.checkAccountSession>> {
  const buyer = await findBuyer(ctx, req);
  return { success: true, signed_in: buyer !== undefined, email: buyer?.email ?? null };
}

export async function logout(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.accountLogout>> {
  rejectCrossSite(req);
  const token = readCookie(req, BUYER_COOKIE);
  if (token) await deleteBuyerSession(ctx.db, hashToken(token));
  return reply(200, { success: true as const }, { 'Set-Cookie': buyerCookie(req, '', 0) });
}

export async function logoutAll(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.accountLogoutAll>> {
  const ended = await deleteBuyerSessionsOf(ctx.db, buyerOf(req).email);
  return reply(
    200,
    { success: true as const, message: `Anda sudah keluar dari ${ended} perangkat.` },
    { 'Set-Cookie': buyerCookie(req, '', 0) },
  );
}
