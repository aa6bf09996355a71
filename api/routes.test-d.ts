/**
 * Type tests of the handler map, compiled by `npm run check` and never run: each line under a
 * `@ts-expect-error` must fail to compile, or the check fails ("unused directive").
 */
import { Type } from '@sinclair/typebox';
import { defineCall } from '../contract/calls/call';
import type { CALLS } from '../contract/calls/calls';
import type { AppContext } from './context';
import type { HandlerMap } from './http/api-request';
import { HANDLERS } from './routes';

type Handlers = HandlerMap<typeof CALLS, AppContext>;

/** A call added to the contract, not yet answered by any handler. */
const refundOrder = defineCall({
  id: 'refundOrder',
  method: 'POST',
  path: '/api/order/refund/{id}',
  auth: 'admin',
  tag: 'Orders',
  summary: 'Refund an order',
  answers: { 200: Type.Object({ success: Type.Literal(true) }) },
});

/** The map as it is answers every call. */
export const complete: Handlers = HANDLERS;

/** A call without a handler. */
// @ts-expect-error Property 'refundOrder' is missing in type
export const newCallWithoutHandler = HANDLERS satisfies HandlerMap<[...typeof CALLS, typeof refundOrder], AppContext>;

declare const withoutResend: Omit<typeof HANDLERS, 'resendMail'>;
// @ts-expect-error Property 'resendMail' is missing in type
export const handlerRemoved: Handlers = withoutResend;

/** A handler without a call. */
// @ts-expect-error Object literal may only specify known properties, and 'refundOrder' does not exist
export const strayHandler = { ...HANDLERS, refundOrder: HANDLERS.resendMail } satisfies Handlers;

/** A handler answering what its call does not declare. */
// @ts-expect-error Type 'false' is not assignable to type 'true'
export const wrongAnswer = { ...HANDLERS, getHealth: () => ({ ok: false as const }) } satisfies Handlers;

/** Another call's handler in a call's place. */
// @ts-expect-error the licence list's answer is not the health answer
export const swapped = { ...HANDLERS, getHealth: HANDLERS.listLicenses } satisfies Handlers;
