/**
 * "Lepas perangkat" (docs/spec.md#buyer-account): the buyer releases the bound device so the key
 * can be activated on another computer. It counts against the licence API's move limit
 * (LICENSE_MAX_MOVES per 30 days, the same count as activations on a new device); the old
 * computer is no longer the bound device, so its next validate gets no lease.
 */
import type * as calls from '../../contract/calls/account';
import { formatDateTimeForPeople } from '../../contract/rules/shop-time';
import { buyerLicense } from '../../data/buyer-records';
import { releaseDevice } from '../../data/licenses/devices';
import { listPlans } from '../../data/storefront-plans';
import { trialLicenseIds } from '../../data/trials';
import type { AppContext } from '../context';
import { reply } from '../http/api-request';
import type { AnswerFor, ApiRequest } from '../http/api-request';
import { HttpError } from '../http/http-error';
import { notFound, ownLicense } from './account-handlers';
import { accountLicense } from './account-view';
import { MOVE_WINDOW_DAYS, moveAllowedAgainAt, moveWindowStart } from '../licenses';
import { retryAfterSeconds } from '../../contract/rules/durations';
import { buyerOf } from './buyer-guard';
import { waitInWords } from './buyer-services';
import { buyerActor } from '../shared/activity-actor';
import { recordChangeIn } from '../shared/activity-record';

export async function release(req: ApiRequest, ctx: AppContext): Promise<AnswerFor<typeof calls.releaseAccountDevice>> {
  const license = await ownLicense(req, ctx);
  const now = ctx.now();
  const { maxMoves } = ctx.config.license;
  const by = buyerActor(req, buyerOf(req).email);
  const outcome = await releaseDevice(
    ctx.db,
    {
      licenseId: license.id,
      at: now.toISOString(),
      maxMoves,
      windowStart: moveWindowStart(now),
    },
    (tx, device) =>
      recordChangeIn(tx, by, now.toISOString(), {
        action: 'license.device_unbound',
        objectType: 'license',
        objectId: String(license.id),
        summary: `device ${device.device_name ?? device.device_id} released by the buyer on /lisensi`,
        before: { device_name: device.device_name, device_id: device.device_id },
        after: { device_name: null, device_id: null },
      }),
  );
  switch (outcome.kind) {
    case 'missing':
      throw notFound();
    case 'none':
      throw new HttpError(409, 'Lisensi ini tidak sedang terpasang di perangkat mana pun.');
    case 'transfer_limit': {
      const next = moveAllowedAgainAt(outcome.oldestMoveAt);
      const wait = retryAfterSeconds(next.getTime(), now.getTime());
      const error =
        `Batas pindah perangkat tercapai (${maxMoves} kali dalam ${MOVE_WINDOW_DAYS} hari). Perangkat bisa dilepas lagi mulai ` +
        `${formatDateTimeForPeople(next.toISOString(), ctx.config.timeZone, 'id')} (${waitInWords(wait)} lagi), atau hubungi admin.`;
      return reply(
        429,
        { success: false as const, error, next_move_at: next.toISOString() },
        { 'Retry-After': String(wait) },
      );
    }
    case 'released': {
      const row = (await buyerLicense(ctx.db, buyerOf(req).email, license.id)) ?? license;
      const context = {
        now,
        plans: await listPlans(ctx.db),
        trials: await trialLicenseIds(ctx.db, [license.id]),
        config: ctx.config,
      };
      return {
        success: true,
        message: 'Perangkat dilepas. Aktifkan kunci lisensi di komputer baru Anda.',
        license: await accountLicense(ctx.db, row, context),
      };
    }
  }
}
