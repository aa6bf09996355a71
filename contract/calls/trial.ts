/**
 * The free LoopBOT trial (docs/spec.md#free-trial): an e-mail gets the same one-time link as the
 * buyer sign-in; opening it issues the trial licence. One per address ever, one per device.
 */
import { Type } from '@sinclair/typebox';
import { BuyerEmail, TOO_MANY } from './account';
import { defineCall } from './call';
import { PUBLIC_JSON_ERRORS } from './errors';
import { Answer, ErrorAnswer, MessageAnswer, Nullable } from './schema';

export const getTrial = defineCall({
  id: 'getTrial',
  method: 'GET',
  path: '/api/trial',
  auth: 'public',
  tag: 'Free trial',
  summary: 'Whether free trials are on, their length, and the paid trial to offer when they are off',
  answers: {
    200: Answer({
      success: Type.Literal(true),
      enabled: Type.Boolean(),
      days: Type.Integer({ minimum: 1 }),
      paid_trial_url: Nullable(Type.String({ description: "The storefront's paid trial checkout link, if any" })),
    }),
  },
});

export const requestTrial = defineCall({
  id: 'requestTrial',
  method: 'POST',
  path: '/api/trial',
  auth: 'public',
  tag: 'Free trial',
  summary: 'E-mail a one-time link that issues a free LoopBOT trial when opened',
  description:
    'The same 200 answer for every address (a used address learns at the link that its trial was used). With trials off: ' +
    '409 `Free trials are switched off` (the page offers the paid trial). Limits as for sign-in links: 429 with `Retry-After`.',
  body: Type.Object({ email: BuyerEmail }),
  answers: {
    200: MessageAnswer,
    ...PUBLIC_JSON_ERRORS,
    409: ErrorAnswer,
    ...TOO_MANY,
  },
});
