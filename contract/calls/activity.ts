/** The activity log's calls: every change anyone made, newest first, never edited (docs/spec.md#activity-log). */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_READ_ERRORS, NOT_FOUND } from './errors';
import { ACTIVITY_COUNT_MAX, ACTIVITY_LIST } from '../rules/paging';
import { License } from './licenses';
import { ACTIVITY_ACTIONS, ACTIVITY_ACTOR_KINDS, ACTIVITY_OBJECT_TYPES } from '../rules/activity-words';
import { Answer, ErrorAnswer, IsoDateTime, Nullable, OneOf, PageQuery } from './schema';

/** The refusal of a `from`/`to` that is not a shop day: the pattern's and the calendar's check say the same. */
export function notAShopDay(name: string): string {
  return `${name} must be a day like 2026-11-27`;
}

const ShopDay = (name: string) =>
  Type.String({
    pattern: '^\\s*\\d{4}-\\d{2}-\\d{2}\\s*$',
    'x-invalid': notAShopDay(name),
    description: 'A day in the shop’s time zone (`2026-11-27`), cut at midnight there; both ends included',
  });

export const ActivityEntry = Answer(
  {
    id: Type.Integer(),
    at: IsoDateTime,
    actor: OneOf(ACTIVITY_ACTOR_KINDS),
    actor_label: Nullable(Type.String({ description: 'The admin’s username, the buyer’s e-mail' })),
    ip: Nullable(Type.String()),
    action: OneOf(ACTIVITY_ACTIONS),
    object_type: Nullable(OneOf(ACTIVITY_OBJECT_TYPES)),
    object_id: Nullable(Type.String({ description: 'The object’s id, key or name' })),
    summary: Type.String({ description: 'Short text, e.g. `expiry 2026-12-01 → 2027-01-01`' }),
    before: Type.Unknown({ description: 'What the object was (JSON), or null' }),
    after: Type.Unknown({ description: 'What it became (JSON), or null' }),
  },
  { title: 'ActivityEntry' },
);
export type ActivityEntry = Static<typeof ActivityEntry>;

const Page = {
  success: Type.Literal(true),
  entries: Type.Array(ActivityEntry),
  total: Type.Integer({ description: `Matching entries, counted up to ${ACTIVITY_COUNT_MAX}` }),
  more: Type.Boolean({
    description: `More than ${ACTIVITY_COUNT_MAX} entries match: the pages hold the newest ones; a period reaches older ones`,
  }),
  pages: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
};

export type ActivityPage = {
  success: true;
  entries: ActivityEntry[];
  total: number;
  more: boolean;
  pages: number;
  page: number;
  per_page: number;
};

export const listActivity = defineCall({
  id: 'listActivity',
  method: 'GET',
  path: '/api/activity',
  auth: 'admin',
  tag: 'Activity',
  summary: 'The activity log, newest first, one page',
  description:
    'Every change made by anyone: admins, buyers, Lynk.id, the system. Filters combine; empty means all. ' +
    'The log is append-only: no call edits or deletes an entry.',
  query: Type.Object({
    actor: Type.Optional(OneOf(ACTIVITY_ACTOR_KINDS, { 'x-invalid': 'actor must be admin, buyer, lynk or system' })),
    who: Type.Optional(
      Type.String({ description: 'The exact username or e-mail (any case)', maxLength: ACTIVITY_LIST.searchMaxLength }),
    ),
    action: Type.Optional(OneOf(ACTIVITY_ACTIONS, { 'x-invalid': 'action is not a known action' })),
    object_type: Type.Optional(OneOf(ACTIVITY_OBJECT_TYPES, { 'x-invalid': 'object_type is not a known object' })),
    object_id: Type.Optional(Type.String({ description: 'With object_type: that object only', maxLength: 200 })),
    from: Type.Optional(ShopDay('from')),
    to: Type.Optional(ShopDay('to')),
    ...PageQuery(ACTIVITY_LIST),
  }),
  answers: { 200: Answer(Page), 400: ErrorAnswer, ...ADMIN_READ_ERRORS },
});

export const licenseActivity = defineCall({
  id: 'listLicenseActivity',
  method: 'GET',
  path: '/api/license/activity/{id}',
  auth: 'admin',
  tag: 'Activity',
  summary: 'The activity log entries of one licence, newest first, one page',
  description:
    'Also after the licence was deleted: its entries stay (`license` is then null). 404 for an id no licence ever had.',
  query: Type.Object({ ...PageQuery(ACTIVITY_LIST) }),
  answers: {
    200: Answer({ ...Page, license: Nullable(License) }),
    400: ErrorAnswer,
    ...ADMIN_READ_ERRORS,
    ...NOT_FOUND,
  },
});
