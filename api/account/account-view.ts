/** The buyer's rows as /lisensi shows them (contract/calls/account.ts): words, days left, renew link, move limit. */
import type { AccountLicense } from '../../contract/calls/account-records';
import type { Static } from '@sinclair/typebox';
import type { AccountLoopstream, AccountOrder } from '../../contract/calls/account-records';
import type { BuyerLicenseRow, BuyerOrderRow } from '../../data/buyer-records';
import { licenseState } from '../../data/licenses/status';
import { daysRemaining, isExpiryPassed } from '../../contract/rules/durations';
import type { LoopstreamRow } from '../../data/loopstreams';
import type { PlanRow } from '../../data/storefront-plans';
import type { Sql } from '../../data/store';
import type { ServerConfig } from '../config';
import { maskLicenseKey, moveOutlook } from '../licenses';
import { shownServerAddress } from '../shared/server-address';
import { renewUrlFor } from '../shared/plans';
import { trialRefusedAt } from '../../data/trials';
import { isOrderDone, orderEffectiveStatus } from '../../contract/rules/order-effective-status';
import type { OrderEffectiveStatus } from '../../contract/rules/order-effective-status';

const STATE_TEXT = { active: 'Aktif', expired: 'Kedaluwarsa', suspended: 'Dinonaktifkan' } as const;
/** A free trial the app refused on a device that already had one: not "Aktif" for a key that cannot be used there. */
const TRIAL_REFUSED_TEXT = 'Tidak bisa diaktifkan';
/** By the order's effective status: one the owner handled is done for the buyer too. */
const ORDER_STATUS_TEXT: Record<OrderEffectiveStatus, string> = {
  fulfilled: 'Selesai',
  handled: 'Selesai',
  needs_setup: 'Sedang disiapkan',
  needs_review: 'Sedang diperiksa',
};

export async function accountLicense(
  db: Sql,
  row: BuyerLicenseRow,
  context: { now: Date; plans: readonly PlanRow[]; trials: ReadonlySet<number>; config: ServerConfig },
): Promise<AccountLicense> {
  const word = licenseState(row.status, isExpiryPassed(row.expired_date, context.now));
  const state = word === 'active' || word === 'expired' ? word : 'suspended';
  const renew = renewUrlFor(context.plans, row);
  const trial = context.trials.has(row.id);
  const { maxMoves } = context.config.license;
  const [moves, refusedAt] = await Promise.all([
    moveOutlook(db, row, context.now, maxMoves),
    trial && row.device_id === null ? trialRefusedAt(db, row.id) : null,
  ]);
  return {
    id: row.id,
    key_masked: maskLicenseKey(row.license_key),
    app_type: row.app_type,
    trial,
    state,
    state_text: state === 'active' && refusedAt !== null ? TRIAL_REFUSED_TEXT : STATE_TEXT[state],
    expired_date: row.expired_date,
    days_left: daysRemaining(Date.parse(row.expired_date), context.now.getTime()),
    device_name: row.device_id === null ? null : row.device_name,
    device_bound: row.device_id !== null,
    device_activated_at: row.device_activated_at,
    last_seen_at: row.last_seen_at,
    app_version: row.app_version,
    renew_url: renew === '' ? null : renew,
    next_move_at: moves.nextMoveAt,
    moves_used: moves.used,
    moves_max: maxMoves,
    moves_reset_at: moves.resetsAt,
    next_activation: moves.nextActivation,
    last_device_name: moves.lastDeviceName,
    trial_refused_at: refusedAt,
  };
}

export function accountLoopstream(row: LoopstreamRow, now: Date, fileReady: boolean): Static<typeof AccountLoopstream> {
  const active = !isExpiryPassed(row.expired_date, now);
  return {
    id: row.id,
    package_type: row.package_type,
    server_address: shownServerAddress(row.ip_server),
    expired_date: row.expired_date,
    days_left: daysRemaining(Date.parse(row.expired_date), now.getTime()),
    active,
    state_text: STATE_TEXT[active ? 'active' : 'expired'],
    access_file_ready: fileReady,
  };
}

export function accountOrder(row: BuyerOrderRow): Static<typeof AccountOrder> {
  const plans = row.items.map((item) => `${item.plan_name ?? item.title}${item.qty > 1 ? ` ×${item.qty}` : ''}`);
  return {
    id: row.id,
    reference: row.ref_id,
    date: row.created_at,
    plan: plans.join(', ') || '—',
    amount_idr: row.amount_idr,
    status: row.status,
    done: isOrderDone(row),
    status_text: ORDER_STATUS_TEXT[orderEffectiveStatus(row)],
  };
}
