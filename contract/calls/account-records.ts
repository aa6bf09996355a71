/**
 * The buyer's own records as "Lisensi Saya" shows them (contract/calls/account.ts): licences, LoopStream
 * access, orders and a licence's history in plain Indonesian.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { AppType } from './licenses';
import { Answer, IsoDateTime, Nullable, OneOf } from './schema';
import { BUYER_LICENSE_STATES } from '../rules/vocabulary';

/** What activating the key in the app does now (api/licenses/device-moves.ts moveOutlook). */
export const NEXT_ACTIVATIONS = ['bound', 'free', 'counted', 'refused'] as const;

export const AccountLicense = Answer(
  {
    id: Type.Integer(),
    key_masked: Type.String({ description: 'First and last four characters: `3f2a…9c1d`' }),
    app_type: AppType,
    trial: Type.Boolean({ description: 'A free trial licence' }),
    state: OneOf(BUYER_LICENSE_STATES),
    state_text: Type.String({
      description:
        'Aktif, Kedaluwarsa or Dinonaktifkan; Tidak bisa diaktifkan for an active trial refused (trial_refused_at)',
    }),
    expired_date: IsoDateTime,
    days_left: Type.Integer({ minimum: 0 }),
    device_name: Nullable(Type.String()),
    device_bound: Type.Boolean(),
    device_activated_at: Nullable(IsoDateTime),
    last_seen_at: Nullable(IsoDateTime),
    app_version: Nullable(Type.String()),
    renew_url: Nullable(
      Type.String({ description: 'Checkout link of the plan it was last bought with, else 1 Bulan / Set 2' }),
    ),
    next_move_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Set when the move limit is reached: when the next release or move is possible',
      }),
    ),
    moves_used: Type.Integer({ minimum: 0, description: 'Device moves counted in the last 30 days' }),
    moves_max: Type.Integer({ description: 'LICENSE_MAX_MOVES: moves allowed in any 30 days' }),
    moves_reset_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the oldest counted move leaves the 30-day window (one move free again); null when none is counted',
      }),
    ),
    next_activation: Type.Union(
      NEXT_ACTIVATIONS.map((word) => Type.Literal(word)),
      {
        description:
          'What activating the key in the app does now: `bound` (a device holds it), `free` (works on any computer, not counted: ' +
          'never activated or released here), `counted` (works; another computer than the last counts as one move), `refused` ' +
          '(another computer is over the move limit until `moves_reset_at`; the last computer still works)',
      },
    ),
    last_device_name: Nullable(
      Type.String({ description: 'While no device is bound: the computer it was last activated on; null when never' }),
    ),
    trial_refused_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'A free trial not bound anywhere: when the app last refused it (TRIAL_ALREADY_USED) because that device already had a trial',
      }),
    ),
  },
  { title: 'AccountLicense' },
);
export type AccountLicense = Static<typeof AccountLicense>;

export const AccountLoopstream = Answer(
  {
    id: Type.Integer(),
    package_type: Type.String(),
    server_address: Type.String({ description: 'host:5000' }),
    expired_date: IsoDateTime,
    days_left: Type.Integer({ minimum: 0 }),
    active: Type.Boolean(),
    state_text: Type.String({ description: 'Aktif or Kedaluwarsa, as the licences say it' }),
    access_file_ready: Type.Boolean({
      description:
        'False until the owner sets the default LoopStream login: the access file download answers 409 meanwhile',
    }),
  },
  { title: 'AccountLoopstream' },
);

export const AccountOrder = Answer(
  {
    id: Type.Integer(),
    reference: Type.String(),
    date: IsoDateTime,
    plan: Type.String({ description: 'What was bought, as the shop names it' }),
    amount_idr: Type.Integer(),
    status: Type.String({ description: 'fulfilled, needs_setup or needs_review, as stored: why it needed the owner' }),
    done: Type.Boolean({
      description: 'Delivered by itself or handled by the owner (contract/rules/order-effective-status.ts)',
    }),
    status_text: Type.String({
      description:
        'The effective status in Indonesian: Selesai (also once the owner handled it), Sedang disiapkan, Sedang diperiksa',
    }),
  },
  { title: 'AccountOrder' },
);

export const AccountHistoryEntry = Answer(
  {
    at: IsoDateTime,
    actor: Type.String({ description: 'admin, device, order, buyer or system' }),
    text: Type.String({ description: 'What happened, in plain Indonesian' }),
  },
  { title: 'AccountHistoryEntry' },
);
