/** The admin's licence calls and the licence row they answer with (docs/spec.md#licence-fields). */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { APP_TYPES, LICENSE_FILTERS, LICENSE_STATUSES } from '../rules/vocabulary';
import { LICENSE_LIST } from '../rules/paging';
import { DAYS_TEXT_PATTERN, INVALID_DAYS, MAX_DAYS } from '../rules/durations';
import { ADMIN_JSON_ERRORS, ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS, NOT_FOUND } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, MessageAnswer, Nullable, OneOf, PageQuery, Text } from './schema';
import { EMAIL_PATTERN } from '../rules/addresses';

export const AppType = OneOf(APP_TYPES, {
  'x-trim': true,
  maxLength: 20,
  'x-invalid': 'app_type must be loopbot or loopstream',
});
export type AppType = Static<typeof AppType>;

/** As shown to the admin: derived from the stored word and the expiry (see data/licenses/status.ts). */
export const LicenseStatus = OneOf(LICENSE_STATUSES);
export type LicenseStatus = Static<typeof LicenseStatus>;

/** The list's filter: `expiring` is active with the expiry within the next 7 days. */
export const LicenseFilter = OneOf(LICENSE_FILTERS, { 'x-invalid': 'status must be active, expired or expiring' });
export type LicenseFilter = Static<typeof LicenseFilter>;

export const License = Answer(
  {
    id: Type.Integer(),
    license_key: Type.String(),
    email: Type.String(),
    app_type: AppType,
    status: LicenseStatus,
    expired_date: IsoDateTime,
    device_name: Nullable(Type.String()),
    device_id: Nullable(Type.String()),
    device_activated_at: Nullable(IsoDateTime),
    last_seen_at: Nullable(IsoDateTime),
    app_version: Nullable(Type.String()),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { title: 'License' },
);
export type License = Static<typeof License>;

export const Stats = Answer(
  {
    total_licenses: Type.Integer(),
    active_licenses: Type.Integer(),
    expired_licenses: Type.Integer({ description: 'Expiry passed, whatever was stored' }),
    activated_licenses: Type.Integer({ description: 'A device is bound' }),
    paid_active_licenses: Type.Integer({ description: 'Active licences that are not free trials' }),
    trial_active_licenses: Type.Integer({
      description: 'Active free trials the app accepts (a trial refused on its device is left out)',
    }),
    trials_refused: Type.Integer({
      description: 'Free trials the app refused (TRIAL_ALREADY_USED: the device had a trial) and never activated',
    }),
  },
  { title: 'Stats' },
);
export type Stats = Static<typeof Stats>;

export const LicenseEvent = Answer(
  {
    id: Type.Integer(),
    license_id: Type.Integer(),
    type: Type.String({
      description:
        'issued, activated, deactivated, admin_unbound, expiry_changed, deleted, validation_failed, rate_limited; ' +
        'from the buyer on /lisensi: device_released, mail_resent, downloaded, key_revealed',
    }),
    actor: Type.String({
      description: 'admin, device, system, order (issued or extended by a paid order), or buyer (on /lisensi)',
    }),
    device_id: Nullable(Type.String()),
    at: IsoDateTime,
    data: Type.Unknown({ description: 'What the event recorded (JSON), or null' }),
  },
  { title: 'LicenseEvent' },
);
export type LicenseEvent = Static<typeof LicenseEvent>;

/** Read by the server's date parser, which names what it cannot read (`expired_date must be a valid date-time, ...`). */
export const ExpiryInput = Type.String({
  description:
    "ISO 8601, or a form value like 2026-12-31T10:00 (no offset means UTC; the admin's forms send the shop's offset, +07:00 for WIB)",
  'x-type': 'expired_date must be a date-time string',
});

export const Days = Type.Union(
  [Type.Integer({ minimum: 1, maximum: MAX_DAYS }), Type.String({ pattern: DAYS_TEXT_PATTERN })],
  {
    description: `Whole days from 1 to ${MAX_DAYS} (a number, or a string of digits)`,
    'x-required': INVALID_DAYS,
    'x-invalid': INVALID_DAYS,
  },
);

const LicenseAnswer = Answer({ success: Type.Literal(true), message: Type.String(), license: License });

export const dashboard = defineCall({
  id: 'getDashboard',
  method: 'GET',
  path: '/api/admin/dashboard',
  auth: 'admin',
  tag: 'Licences',
  summary: 'Licence counts for the dashboard cards',
  answers: { 200: Answer({ success: Type.Literal(true), stats: Stats }), ...ADMIN_READ_ERRORS },
});

export const listLicenses = defineCall({
  id: 'listLicenses',
  method: 'GET',
  path: '/api/license/list',
  auth: 'admin',
  tag: 'Licences',
  summary: 'Licences, newest first',
  description:
    'Without parameters: the whole list. With `search`, `status`, `page` or `per_page`: one page plus `total`, `pages`, `page` ' +
    'and `per_page`. `status` keeps the licences shown as `active`, as `expired`, or `expiring`: active with the expiry ' +
    'within the next 7 days (combines with `search`; empty means all).',
  query: Type.Object({
    search: Type.Optional(
      Type.String({
        description: `Any part of the e-mail or key, any case (max ${LICENSE_LIST.searchMaxLength} characters)`,
      }),
    ),
    status: Type.Optional(LicenseFilter),
    ...PageQuery(LICENSE_LIST),
  }),
  answers: {
    200: Answer({
      success: Type.Literal(true),
      licenses: Type.Array(License),
      total: Type.Optional(Type.Integer()),
      pages: Type.Optional(Type.Integer()),
      page: Type.Optional(Type.Integer()),
      per_page: Type.Optional(Type.Integer()),
    }),
    ...ADMIN_READ_ERRORS,
    400: ErrorAnswer,
  },
});

export const createLicense = defineCall({
  id: 'createLicense',
  method: 'POST',
  path: '/api/license/create',
  auth: 'admin',
  tag: 'Licences',
  summary: 'Create a licence',
  description: 'LoopBOT keys are UUID v4; LoopStream keys are 4 groups of 5 Crockford base32 characters.',
  body: Type.Object({
    email: Text({
      maxLength: 254,
      pattern: EMAIL_PATTERN,
      'x-invalid': 'email must be a valid e-mail address',
    }),
    expired_date: ExpiryInput,
    app_type: Type.Optional(AppType),
  }),
  answers: { 200: LicenseAnswer, ...ADMIN_JSON_ERRORS },
});

export const downloadLicense = defineCall({
  id: 'downloadLicense',
  method: 'GET',
  path: '/api/license/download/{license_key}',
  auth: 'admin',
  tag: 'Licences',
  summary: "The licence's message file, saved as {license_key}.txt",
  answers: {
    200: { file: 'text/plain', description: "The app's licence message template from Settings, filled in" },
    ...ADMIN_READ_ERRORS,
    ...NOT_FOUND,
  },
});

const changeExpiry = (direction: 'extend' | 'shorten') =>
  ({
    method: 'POST',
    path: `/api/license/${direction}/{id}`,
    auth: 'admin',
    tag: 'Licences',
    body: Type.Object({ days: Days }),
    answers: { 200: LicenseAnswer, ...ADMIN_JSON_ERRORS, ...NOT_FOUND },
  }) as const;

export const extendLicense = defineCall({
  id: 'extendLicense',
  summary: 'Move the expiry later by a number of days (from now when it had passed)',
  ...changeExpiry('extend'),
});

export const shortenLicense = defineCall({
  id: 'shortenLicense',
  summary: 'Move the expiry earlier by a number of days',
  ...changeExpiry('shorten'),
});

export const deleteLicense = defineCall({
  id: 'deleteLicense',
  method: 'DELETE',
  path: '/api/license/delete/{id}',
  auth: 'admin',
  tag: 'Licences',
  summary: 'Delete a licence (its audit trail stays)',
  answers: { 200: MessageAnswer, ...ADMIN_WRITE_ERRORS, ...NOT_FOUND },
});

export const emailLicense = defineCall({
  id: 'emailLicense',
  method: 'POST',
  path: '/api/license/email/{id}',
  auth: 'admin',
  tag: 'Licences',
  summary: "Queue the licence's message (as downloaded) for its e-mail address",
  description: 'The message goes out through the outbox (see the Mail view); without SMTP_URL it waits there.',
  answers: { 200: MessageAnswer, ...ADMIN_WRITE_ERRORS, ...NOT_FOUND },
});

export const licenseEvents = defineCall({
  id: 'listLicenseEvents',
  method: 'GET',
  path: '/api/license/events/{id}',
  auth: 'admin',
  tag: 'Licences',
  summary: "A licence's audit trail, oldest first",
  answers: {
    200: Answer({ success: Type.Literal(true), events: Type.Array(LicenseEvent) }),
    ...ADMIN_READ_ERRORS,
    ...NOT_FOUND,
  },
});
