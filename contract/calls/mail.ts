/** The outbox as the admin reads it (the Mail view): every e-mail the shop sent or will send. */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS, NOT_FOUND } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, Nullable, OneOf, PageQuery } from './schema';
import { MAIL_KINDS, MAIL_STATUSES } from '../rules/vocabulary';
import { MAIL_LIST } from '../rules/paging';

export const MailStatus = OneOf(MAIL_STATUSES, {
  description:
    '`queued`: waiting (for its time, or for SMTP to be configured); `sending`: an attempt under way; `sent`: accepted by the SMTP server; `failed`: given up, see `last_error`',
});
export type MailStatus = Static<typeof MailStatus>;

export const MailMessage = Answer(
  {
    id: Type.Integer(),
    kind: OneOf(MAIL_KINDS, {
      description:
        '`order`: the buyer\'s "payment received, being prepared" note of an order that needs the owner; `loopstream`: access details of a server set up from an order',
    }),
    to: Type.String(),
    subject: Type.String(),
    text: Type.String({ description: 'The plain-text body' }),
    status: MailStatus,
    attempts: Type.Integer(),
    last_error: Nullable(
      Type.String({ description: 'The SMTP server’s answer (or the connection error) of the last failed attempt' }),
    ),
    next_attempt_at: IsoDateTime,
    order_id: Nullable(Type.Integer()),
    license_id: Nullable(Type.Integer()),
    created_at: IsoDateTime,
    sent_at: Nullable(IsoDateTime),
  },
  { title: 'MailMessage' },
);
export type MailMessage = Static<typeof MailMessage>;

export const listMail = defineCall({
  id: 'listMail',
  method: 'GET',
  path: '/api/mail/list',
  auth: 'admin',
  tag: 'Mail',
  summary: 'The outbox, newest first',
  query: Type.Object({
    search: Type.Optional(
      Type.String({
        description: `Any part of the address or subject, any case (max ${MAIL_LIST.searchMaxLength} characters)`,
      }),
    ),
    status: Type.Optional(
      OneOf(MAIL_STATUSES, { 'x-trim': true, 'x-invalid': 'status must be queued, sending, sent or failed' }),
    ),
    ...PageQuery(MAIL_LIST),
  }),
  answers: {
    200: Answer({
      success: Type.Literal(true),
      messages: Type.Array(MailMessage),
      pages: Type.Integer(),
      total: Type.Integer(),
      page: Type.Integer(),
      configured: Type.Boolean({ description: 'False without SMTP_URL: messages stay queued until it is set' }),
    }),
    400: ErrorAnswer,
    ...ADMIN_READ_ERRORS,
  },
});

export const resendMail = defineCall({
  id: 'resendMail',
  method: 'POST',
  path: '/api/mail/resend/{id}',
  auth: 'admin',
  tag: 'Mail',
  summary: 'Send a message again',
  description:
    'A failed message is queued again with its attempts counted afresh; a queued one is tried now; a sent one is copied into a new message (the sent one stays as it was). A message being sent right now is 409. At most 3 copies of one message (same address, subject and text) per hour: the next is 429 with `Retry-After`.',
  answers: {
    200: Answer({ success: Type.Literal(true), message: Type.String(), mail: MailMessage }),
    ...ADMIN_WRITE_ERRORS,
    ...NOT_FOUND,
    409: ErrorAnswer,
    429: ErrorAnswer,
  },
});
