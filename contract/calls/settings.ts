/**
 * Settings (docs/spec.md#setting-keys): key/value rows the licence messages and LoopStream access files read.
 * Keys containing `url` must hold an http(s) address; the server checks that itself.
 */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_JSON_ERRORS, ADMIN_READ_ERRORS, NOT_FOUND } from './errors';
import { AppType } from './licenses';
import { Answer, ErrorAnswer, IsoDateTime, OneOf, Text } from './schema';
import { TEMPLATE_KINDS } from '../rules/vocabulary';

export const Setting = Answer(
  {
    id: Type.Integer(),
    config_key: Type.String(),
    config_value: Type.String(),
    description: Type.String(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { title: 'Setting' },
);
export type Setting = Static<typeof Setting>;

const SNAKE_CASE = 'config_key must be snake_case: lower-case letters, digits and _, starting with a letter';
const URL_RULE =
  'A key containing `url` holds an http:// or https:// address (`config_value of a url key must be an http:// or https:// address`).';

const settingValue = Text({ maxLength: 20_000 });
const description = Type.Optional(Text({ maxLength: 500, description: 'Left unchanged when not sent' }));
const SettingSaved = Answer({ success: Type.Literal(true), message: Type.String(), config: Setting });

export const listSettings = defineCall({
  id: 'listSettings',
  method: 'GET',
  path: '/api/config/list',
  auth: 'admin',
  tag: 'Settings',
  summary: 'Every setting, by key',
  answers: { 200: Answer({ success: Type.Literal(true), configs: Type.Array(Setting) }), ...ADMIN_READ_ERRORS },
});

export const shopTimeZone = defineCall({
  id: 'getShopTimeZone',
  method: 'GET',
  path: '/api/time-zone',
  auth: 'public',
  tag: 'Settings',
  summary: "The shop's time zone",
  description:
    '`TIME_ZONE` (default `Asia/Jakarta`): every date shown to a person is in it, labelled with its short name (`WIB`), while ' +
    'the API itself speaks UTC. The admin shows its dates in it and reads the expiry fields of its forms in it, sending them ' +
    "with that zone's offset (`2027-02-14T19:00:00+07:00`).",
  answers: {
    200: Answer({
      success: Type.Literal(true),
      time_zone: Type.String({ description: 'An IANA time zone name, e.g. `Asia/Jakarta`' }),
    }),
  },
});

export const initializeSettings = defineCall({
  id: 'initializeSettings',
  method: 'POST',
  path: '/api/config/initialize',
  auth: 'admin',
  tag: 'Settings',
  summary: 'Write every default setting that is missing; never overwrites',
  description:
    'The defaults are the server’s own. A body is optional; if sent it must be a JSON object (its fields are ignored).',
  answers: {
    200: Answer({
      success: Type.Literal(true),
      message: Type.String(),
      created: Type.Array(Type.String(), { description: 'The keys created' }),
    }),
    ...ADMIN_JSON_ERRORS,
  },
});

export const setSetting = defineCall({
  id: 'setSetting',
  method: 'POST',
  path: '/api/config/set',
  auth: 'admin',
  tag: 'Settings',
  summary: 'Create a setting or replace its value',
  description: URL_RULE,
  body: Type.Object({
    config_key: Text({ maxLength: 100, pattern: '^[a-z][a-z0-9_]*$', 'x-invalid': SNAKE_CASE }),
    config_value: settingValue,
    description,
  }),
  answers: { 200: SettingSaved, ...ADMIN_JSON_ERRORS },
});

export const updateSetting = defineCall({
  id: 'updateSetting',
  method: 'PUT',
  path: '/api/config/update/{id}',
  auth: 'admin',
  tag: 'Settings',
  summary: 'Change the value (and description) of a setting',
  description: `The key cannot change: \`config_key\`, if sent, must be the row's own (\`config_key cannot be changed\`). An unknown id is 404 before the fields are read. ${URL_RULE}`,
  body: Type.Object({
    config_key: Type.Optional(Text({ maxLength: 100 })),
    config_value: settingValue,
    description,
  }),
  answers: { 200: SettingSaved, ...ADMIN_JSON_ERRORS, ...NOT_FOUND },
});

export const previewTemplate = defineCall({
  id: 'previewTemplate',
  method: 'POST',
  path: '/api/config/template/preview',
  auth: 'admin',
  tag: 'Settings',
  summary: 'A licence message template filled in with a sample key, an expiry 30 days ahead and the configured links',
  description:
    "Placeholders: `{license_key}` `{expired_date}` `{download_url}` `{tutorial_url}`, the shop's contacts `{whatsapp_url}` `{support_email}` (from the storefront), and `{renew_url}` with `kind: reminder`; unknown ones stay as written (the admin lists " +
    "them under the preview). The sample expiry is 23:59 in the shop's time zone 30 days ahead, written as customers read it " +
    '(`1 Juli 2026`). A blank template previews as an empty text.',
  body: Type.Object({
    template: Type.String({ maxLength: 20_000, 'x-keep-empty': true }),
    app_type: Type.Optional(AppType),
    kind: Type.Optional(
      OneOf(TEMPLATE_KINDS, {
        'x-trim': true,
        'x-invalid': 'kind must be license or reminder',
        description:
          'reminder: a renewal reminder template, which also fills `{renew_url}` (the checkout link it would carry); default license',
      }),
    ),
  }),
  // Writes nothing, so storage that refuses writes (503) does not concern it.
  answers: {
    200: Answer({ success: Type.Literal(true), preview: Type.String() }),
    ...ADMIN_READ_ERRORS,
    400: ErrorAnswer,
    403: ErrorAnswer,
    413: ErrorAnswer,
    415: ErrorAnswer,
  },
});
