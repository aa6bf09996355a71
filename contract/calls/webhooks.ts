/** Calls from marketplaces: Lynk.id tells the shop about a payment. */
import { Type } from '@sinclair/typebox';
import { defineCall } from './call';
import { OrderStatus } from './orders';
import { Answer, ErrorAnswer } from './schema';

const Id = Type.Union([Type.String(), Type.Integer()]);

/** A grand total sent as text: whole rupiah, digits only, at most 15 of them (a safe integer). */
export const GRAND_TOTAL_TEXT_PATTERN = '^\\d{1,15}$';

const LynkDelivery = Type.Object(
  {
    event: Type.String({
      description: '`payment.received`; `test_event` from the Lynk dashboard is answered 200 and stores nothing',
    }),
    data: Type.Optional(
      Type.Object({
        message_id: Id,
        message_data: Type.Object({
          refId: Id,
          totals: Type.Object({
            grandTotal: Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: GRAND_TOTAL_TEXT_PATTERN })]),
          }),
          customer: Type.Optional(
            Type.Object({
              name: Type.Optional(Type.String()),
              email: Type.Optional(Type.String()),
              phone: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
            }),
          ),
          items: Type.Array(
            Type.Object({
              title: Type.String({ description: "Matched to the plans' Lynk titles (trimmed, any case)" }),
              qty: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Default 1' })),
              price: Type.Optional(Type.Number({ minimum: 0 })),
            }),
            { minItems: 1, maxItems: 50 },
          ),
        }),
      }),
    ),
  },
  { description: 'Other fields may be present and are ignored.' },
);

export const lynkWebhook = defineCall({
  id: 'lynkWebhook',
  method: 'POST',
  path: '/api/webhooks/lynk',
  auth: 'signature',
  tag: 'Orders',
  summary: 'Lynk.id payment notification: records the order and delivers what it paid for',
  description:
    'Header `X-Lynk-Signature`: lowercase hex SHA-256 of `grandTotal + refId + message_id + merchant key` (the key is ' +
    '`LYNK_MERCHANT_KEY`; without it every delivery is refused with 503). A wrong or missing signature is 401 and stores ' +
    'nothing. Deliveries are idempotent on `refId`: a payment delivered again answers 200 with the same `order_id` and ' +
    '`duplicate: true`. The signed string counts once: a delivery whose `grandTotal + refId + message_id` an order with ' +
    'another `refId` already holds (the same characters split at another boundary) is 409, stores nothing and is counted ' +
    '(`replays_refused` in the order stats). An address with more than 30 refused deliveries in a minute is answered 429 ' +
    '(with `Retry-After`) until that minute ends. A LoopBOT plan extends the buyer’s one LoopBOT licence (else issues one) and e-mails the licence ' +
    'message; a LoopStream plan is `needs_setup`; an unknown title, a plan not on sale or a total below the plans’ price is ' +
    '`needs_review` and issues nothing.',
  body: LynkDelivery,
  answers: {
    200: Answer({
      success: Type.Literal(true),
      order_id: Type.Optional(Type.Integer({ description: 'Absent for events that record nothing (test_event)' })),
      status: Type.Optional(OrderStatus),
      duplicate: Type.Optional(Type.Boolean({ description: 'This payment was recorded by an earlier delivery' })),
    }),
    400: ErrorAnswer,
    401: ErrorAnswer,
    409: ErrorAnswer,
    413: ErrorAnswer,
    415: ErrorAnswer,
    429: ErrorAnswer,
    503: ErrorAnswer,
  },
});
