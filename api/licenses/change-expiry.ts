/** `POST /api/license/extend/{id}` and `/shorten/{id}`: the expiry moved by a number of days. */
import * as calls from '../../contract/calls/licenses';
import { changeLicenseExpiry } from '../../data/licenses/expiry';
import { parseDays } from '../shared/date-time';
import { expiryMove } from '../shared/expiry-change';
import type { ExpiryDirection } from '../shared/expiry-change';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { licenseNotFound } from './license-handlers';
import { adminActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';
import { licenseExpiryMoved } from './license-activity';

type ExpiryAnswer = AnswerFor<typeof calls.extendLicense>;

async function changeExpiry(req: ApiRequest, ctx: AppContext, direction: ExpiryDirection): Promise<ExpiryAnswer> {
  const id = idParam(req);
  const count = parseDays(
    (await checkedBody(req, direction === 'extend' ? calls.extendLicense : calls.shortenLicense)).days,
  );
  const [by, now] = [await adminActor(req, ctx), ctx.now().toISOString()];
  const move = expiryMove(count, direction, now);
  const change = await changeLicenseExpiry(
    ctx.db,
    id,
    (current) => move.next(current.expired_date),
    now,
    { change: direction, days: count },
    'admin',
    (tx, moved) => recordChangeIn(tx, by, now, licenseExpiryMoved(direction, count, moved, ctx.config.timeZone)),
  );
  if (!change) throw licenseNotFound();
  const message = move.message('License', change.new, ctx.config.timeZone);
  return { success: true, message, license: change.license };
}

export function extend(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.extendLicense>> {
  return changeExpiry(req, ctx, 'extend');
}

export function shorten(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.shortenLicense>> {
  return changeExpiry(req, ctx, 'shorten');
}
