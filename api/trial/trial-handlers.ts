/** `GET /api/trial` and `POST /api/trial`: the free LoopBOT trial's settings and its e-mailed link (docs/spec.md#free-trial). */
import * as calls from '../../contract/calls/trial';
import { listPlans } from '../../data/storefront-plans';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { HttpError } from '../http/http-error';
import { isTrialPlan } from '../shared/plans';
import { LINK_LIFETIME_MINUTES, normalizeBuyerEmail, sendLink, spendLinkRequest } from '../account';
import { trialSettings } from './trial-settings';
import { buyerActor } from '../shared/activity-actor';

/** Whatever the address: one that already had its trial learns so when it opens the link, not here. */
export const TRIAL_LINK_SENT = `Tautan uji coba gratis sudah kami kirim ke e-mail tersebut. Buka tautannya dalam ${LINK_LIFETIME_MINUTES} menit untuk menerima kunci lisensi Anda.`;

async function paidTrialUrl(ctx: AppContext): Promise<string | null> {
  const plan = (await listPlans(ctx.db)).find(
    (row) => row.product === 'loopbot' && row.available && row.checkout_url !== '' && isTrialPlan(row),
  );
  return plan?.checkout_url ?? null;
}

export async function get(_req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.getTrial>> {
  const settings = await trialSettings(ctx.db);
  return { success: true, enabled: settings.enabled, days: settings.days, paid_trial_url: await paidTrialUrl(ctx) };
}

export async function request(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.requestTrial>> {
  const body = await checkedBody(req, calls.requestTrial);
  if (!(await trialSettings(ctx.db)).enabled) throw new HttpError(409, 'Free trials are switched off');
  const email = normalizeBuyerEmail(body.email);
  await spendLinkRequest(ctx, req, email, 'trial');
  await sendLink(ctx, email, 'trial', buyerActor(req, email));
  return { success: true, message: TRIAL_LINK_SENT };
}
