/** `POST /api/license/extend/{id}` and `/shorten/{id}`: the expiry moved by a number of days. */
import * as calls from '../../contract/licenses';
import { changeLicenseExpiry } from '../../data/licenses';
import type { LicenseRow } from '../../data/licenses';
import { addDays, formatDateTimeUtc, parseDays } from '../common/date-time';
import type { AppContext } from '../context';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { idParam } from '../http/api-request';
import { checkedBody } from '../http/checked-input';
import { licenseNotFound } from './license-handlers';

type ExpiryAnswer = AnswerFor<typeof calls.extendLicense>;

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

async function changeExpiry(req: ApiRequest, ctx: AppContext, direction: 'extend' | 'shorten'): Promise<ExpiryAnswer> {
  const id = idParam(req);
  const count = parseDays((await checkedBody(req, direction === 'extend' ? calls.extendLicense : calls.shortenLicense)).days);
  const now = ctx.now().toISOString();
  let fromNow = false;
  const change = await changeLicenseExpiry(
    ctx.db,
    id,
    (current: LicenseRow) => {
      if (direction === 'shorten') return addDays(current.expired_date, -count);
      // An expired licence gets its days counted from today, not from the past expiry.
      fromNow = current.expired_date <= now;
      return addDays(fromNow ? now : current.expired_date, count);
    },
    now,
    { change: direction, days: count },
  );
  if (!change) throw licenseNotFound();
  const newExpiry = `New expiry: ${formatDateTimeUtc(change.new)}`;
  const message =
    direction === 'extend'
      ? `License extended by ${days(count)}${fromNow ? ' from now (it had expired)' : ''}. ${newExpiry}`
      : `License shortened by ${days(count)}. ${newExpiry}${change.new <= now ? ' (the license is now expired)' : ''}`;
  return { success: true, message, license: change.license };
}

export function extend(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.extendLicense>> {
  return changeExpiry(req, ctx, 'extend');
}

export function shorten(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.shortenLicense>> {
  return changeExpiry(req, ctx, 'shorten');
}
