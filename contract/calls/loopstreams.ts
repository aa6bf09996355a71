/** LoopStream access records (docs/spec.md#loopstream-access-records): who may use which streaming server until when. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { PACKAGE_TYPES } from '../rules/vocabulary';
import { LOOPSTREAM_SEARCH_MAX_LENGTH } from '../rules/paging';
import { Days, ExpiryInput } from './licenses';
import { ADMIN_JSON_ERRORS, ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS, NOT_FOUND } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, MessageAnswer, Nullable, Text } from './schema';
import { EMAIL_PATTERN } from '../rules/addresses';

export const PackageType = Text({
  maxLength: 100,
  description: `The name of one of the catalogue's LoopStream plans (\`Set 1\`, \`Set 2\`, \`Set 3\`, the combo's name), or SPEC's ${PACKAGE_TYPES.map((name) => `\`${name}\``).join(' / ')} of older records; the server checks it against the catalogue (\`package_type must be one of: ...\`)`,
});
export type PackageType = Static<typeof PackageType>;

export const Loopstream = Answer(
  {
    id: Type.Integer(),
    package_type: Type.String({ description: 'A LoopStream plan name (`Set 3`) or `Paket 1` / `Paket 2`' }),
    customer_name: Type.String(),
    ip_server: Type.String({
      description: '`host:port` as stored: `203.0.113.7:5000`, `stream.example.com:5000`, `[2001:db8::1]:5000`',
    }),
    expired_date: IsoDateTime,
    created_at: IsoDateTime,
    buyer_email: Nullable(
      Type.String({ description: "The buyer's e-mail: they see this record on /lisensi. Null on older records" }),
    ),
    order_id: Nullable(
      Type.Integer({
        description: 'The order it was set up from (Orders, "Set up LoopStream"); null when made by hand',
      }),
    ),
  },
  { title: 'Loopstream' },
);
export type Loopstream = Static<typeof Loopstream>;

export const listLoopstreams = defineCall({
  id: 'listLoopstreams',
  method: 'GET',
  path: '/api/loopstream/list',
  auth: 'admin',
  tag: 'LoopStream',
  summary: 'Every access record, newest first',
  query: Type.Object({
    search: Type.Optional(
      Type.String({
        description: `Any part of the customer name or the server address, any case (max ${LOOPSTREAM_SEARCH_MAX_LENGTH} characters)`,
      }),
    ),
  }),
  answers: {
    200: Answer({ success: Type.Literal(true), loopstreams: Type.Array(Loopstream) }),
    ...ADMIN_READ_ERRORS,
    400: ErrorAnswer,
  },
});

const LOOPSTREAM_FIELDS_RULES =
  'The address is checked and normalised by the server (`ip_server must be an IPv4 or IPv6 address or a host name, ' +
  'optionally with :port (no http://, no path)`, `ip_server port must be a number from 1 to 65535`); the date too ' +
  '(`expired_date must be a valid date-time, e.g. 2026-12-31T10:00`).';

export const LoopstreamFields = Type.Object({
  package_type: Type.Optional(PackageType),
  customer_name: Text({
    maxLength: 200,
    pattern: '^[^\\u0000-\\u001f\\u007f]*$',
    'x-invalid': 'customer_name must be a single line of text',
    description: 'One line: it is written into the access file',
  }),
  ip_server: Text({ maxLength: 300, description: 'IPv4, IPv6 or host name, optionally with `:port` (default 5000)' }),
  expired_date: ExpiryInput,
  buyer_email: Type.Optional(
    Text({
      maxLength: 254,
      pattern: `^$|${EMAIL_PATTERN}`,
      'x-keep-empty': true,
      'x-invalid': 'buyer_email must be a valid e-mail address',
      description:
        "The buyer who sees the record on /lisensi; empty removes it, absent keeps it (an order set-up uses the order's e-mail)",
    }),
  ),
});

const LoopstreamSaved = Answer({ success: Type.Literal(true), message: Type.String(), loopstream: Loopstream });

export const createLoopstream = defineCall({
  id: 'createLoopstream',
  method: 'POST',
  path: '/api/loopstream/create',
  auth: 'admin',
  tag: 'LoopStream',
  summary: 'Create an access record',
  description: LOOPSTREAM_FIELDS_RULES,
  body: LoopstreamFields,
  answers: { 200: LoopstreamSaved, ...ADMIN_JSON_ERRORS },
});

export const updateLoopstream = defineCall({
  id: 'updateLoopstream',
  method: 'PUT',
  path: '/api/loopstream/update/{id}',
  auth: 'admin',
  tag: 'LoopStream',
  summary: 'Change an access record: the same fields as create, all of them',
  description: `${LOOPSTREAM_FIELDS_RULES} Answers \`Loopstream updated successfully!\`.`,
  body: LoopstreamFields,
  answers: { 200: LoopstreamSaved, ...ADMIN_JSON_ERRORS, ...NOT_FOUND },
});

export const extendLoopstream = defineCall({
  id: 'extendLoopstream',
  method: 'POST',
  path: '/api/loopstream/extend/{id}',
  auth: 'admin',
  tag: 'LoopStream',
  summary: 'Move the expiry later by a number of days (from now when it had passed)',
  description:
    "As `POST /api/license/extend/{id}`; the message names the new expiry in the shop's time zone " +
    '(`Loopstream extended by 30 days. New expiry: 14 February 2027 19:00 WIB`).',
  body: Type.Object({ days: Days }),
  answers: { 200: LoopstreamSaved, ...ADMIN_JSON_ERRORS, ...NOT_FOUND },
});

export const downloadLoopstream = defineCall({
  id: 'downloadLoopstream',
  method: 'GET',
  path: '/api/loopstream/download/{id}',
  auth: 'admin',
  tag: 'LoopStream',
  summary: 'The access file for the customer, named after them',
  description: 'Needs `loopstream_default_username` and `loopstream_default_password` in Settings, else 409.',
  answers: {
    200: {
      file: 'text/plain',
      description: 'The access file (Indonesian) with the server address and the default login',
    },
    ...ADMIN_READ_ERRORS,
    ...NOT_FOUND,
    409: ErrorAnswer,
  },
});

export const deleteLoopstream = defineCall({
  id: 'deleteLoopstream',
  method: 'DELETE',
  path: '/api/loopstream/delete/{id}',
  auth: 'admin',
  tag: 'LoopStream',
  summary: 'Delete an access record',
  answers: { 200: MessageAnswer, ...ADMIN_WRITE_ERRORS, ...NOT_FOUND },
});
