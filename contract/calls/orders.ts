/** Paid marketplace orders as the admin reads them (the Orders tab). */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_JSON_ERRORS, ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS, NOT_FOUND } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, MessageAnswer, Nullable, OneOf, PageQuery, Text } from './schema';
import { LICENSE_CHANGES, ORDER_STATUSES } from '../rules/vocabulary';
import { ORDER_LIST } from '../rules/paging';
import { Loopstream, LoopstreamFields } from './loopstreams';
import { ORDER_EFFECTIVE_STATUSES } from '../rules/order-effective-status';

export const OrderStatus = OneOf(ORDER_STATUSES, {
  description:
    '`fulfilled`: delivered by itself; `needs_setup`: a LoopStream server to set up; `needs_review`: nothing issued, see `note`',
});
export type OrderStatus = Static<typeof OrderStatus>;

export const OrderItem = Answer(
  {
    title: Type.String({ description: 'As the marketplace named it' }),
    qty: Type.Integer(),
    price: Type.Number({ description: 'One item’s price as the marketplace reported it (not signed)' }),
    plan_id: Nullable(Type.String({ description: 'The plan the title matched; null when none did' })),
    plan_name: Nullable(Type.String()),
    plan_price_idr: Nullable(Type.Integer({ description: 'The plan’s catalogue price when the order came in' })),
  },
  { title: 'OrderItem' },
);
export type OrderItem = Static<typeof OrderItem>;

export const OrderLicense = Answer(
  {
    id: Type.Integer(),
    license_key: Type.String(),
    change: OneOf(LICENSE_CHANGES),
    days: Type.Integer({ description: 'Days the order added' }),
  },
  { title: 'OrderLicense' },
);

export const OrderLoopstream = Answer(
  {
    id: Type.Integer(),
    package_type: Type.String(),
    ip_server: Type.String(),
    expired_date: IsoDateTime,
  },
  { title: 'OrderLoopstream' },
);

export const Order = Answer(
  {
    id: Type.Integer(),
    ref_id: Type.String({ description: 'The marketplace’s payment reference (unique)' }),
    created_at: IsoDateTime,
    customer_name: Type.String(),
    customer_email: Type.String(),
    customer_phone: Type.String({ description: 'As the buyer typed it; empty when not given' }),
    items: Type.Array(OrderItem),
    amount_idr: Type.Integer({ description: 'The signed total paid, whole rupiah' }),
    plans_price_idr: Nullable(
      Type.Integer({ description: 'What the matched plans cost (price × qty); null when an item matched no plan' }),
    ),
    status: OrderStatus,
    note: Type.String({ description: 'Why the owner is needed; empty when fulfilled' }),
    handled_at: Nullable(IsoDateTime),
    effective_status: OneOf(ORDER_EFFECTIVE_STATUSES, {
      description:
        'What the order is now (contract/rules/order-effective-status.ts): `handled` when it needed the owner and they dealt with it',
    }),
    resolved_by_hand_at: Nullable(
      Type.String({
        format: 'date-time',
        description:
          'When the owner’s step ("Issue licence", "Set up LoopStream", "Process again") delivered an order under review; it then counts as revenue',
      }),
    ),
    license_ids: Type.Array(Type.Integer()),
    licenses: Type.Array(OrderLicense, { description: 'The licences the order issued or extended (still existing)' }),
    license_message: Nullable(
      Type.String({
        description: 'The licence message (the Settings template, as downloaded) of the first licence; null when none',
      }),
    ),
    loopstreams: Type.Array(OrderLoopstream, {
      description: 'The LoopStream access set up from this order (still existing)',
    }),
    loopstream_message: Nullable(
      Type.String({
        description:
          'The LoopStream access message (as e-mailed) of the first record set up from this order; null when none or the default login is not set',
      }),
    ),
    loopstream_setup: Nullable(
      Type.Object(
        {
          package_type: Type.String({
            description: 'The first LoopStream item’s plan name (`Set 3`, the combo’s name)',
          }),
          days: Type.Integer({ description: 'The longest LoopStream item’s plan `duration_days` × its quantity' }),
        },
        { description: 'What a LoopStream set-up from this order starts from; null when no item is a LoopStream plan' },
      ),
    ),
  },
  { title: 'Order' },
);
export type Order = Static<typeof Order>;

export const listOrders = defineCall({
  id: 'listOrders',
  method: 'GET',
  path: '/api/order/list',
  auth: 'admin',
  tag: 'Orders',
  summary: 'Orders, newest first',
  query: Type.Object({
    search: Type.Optional(
      Type.String({
        description: `Any part of the buyer’s name, e-mail, phone or the ref id, any case (max ${ORDER_LIST.searchMaxLength} characters)`,
      }),
    ),
    status: Type.Optional(
      OneOf(ORDER_STATUSES, { 'x-trim': true, 'x-invalid': 'status must be fulfilled, needs_setup or needs_review' }),
    ),
    ...PageQuery(ORDER_LIST),
  }),
  answers: {
    200: Answer({
      success: Type.Literal(true),
      orders: Type.Array(Order),
      pages: Type.Integer(),
      total: Type.Integer(),
      page: Type.Integer(),
    }),
    400: ErrorAnswer,
    ...ADMIN_READ_ERRORS,
  },
});

export const markOrderHandled = defineCall({
  id: 'markOrderHandled',
  method: 'POST',
  path: '/api/order/handled/{id}',
  auth: 'admin',
  tag: 'Orders',
  summary: 'The owner dealt with an order that needed them (server set up, order reviewed)',
  description: 'It no longer counts as needing attention; its status stays as it was.',
  answers: { 200: MessageAnswer, ...ADMIN_WRITE_ERRORS, ...NOT_FOUND },
});

const ORDER_ACTION_ERRORS = { ...ADMIN_JSON_ERRORS, ...NOT_FOUND, 409: ErrorAnswer };

export const setUpOrderLoopstream = defineCall({
  id: 'setUpOrderLoopstream',
  method: 'POST',
  path: '/api/order/loopstream/{id}',
  auth: 'admin',
  tag: 'Orders',
  summary:
    'Set up LoopStream for an order: the access record, its details e-mailed to the buyer, the order handled, in one step',
  description:
    'The fields of `POST /api/loopstream/create`. In one transaction: the record is created, its access file (with the default login from ' +
    'Settings, else 409) is queued as an e-mail to the buyer (when the order has a valid address) and the order is marked handled. ' +
    'An order already handled is 409.',
  body: LoopstreamFields,
  answers: {
    200: Answer({
      success: Type.Literal(true),
      message: Type.String(),
      loopstream: Loopstream,
      mailed: Type.Boolean(),
    }),
    ...ORDER_ACTION_ERRORS,
  },
});

export const issueOrderLicense = defineCall({
  id: 'issueOrderLicense',
  method: 'POST',
  path: '/api/order/issue-license/{id}',
  auth: 'admin',
  tag: 'Orders',
  summary: 'Issue the licence of an order under review: the owner picks the plan',
  description:
    'For a `needs_review` order not yet handled (else 409). In one transaction, as a paid order would: the buyer’s LoopBOT licence is ' +
    'issued or extended by the plan’s `duration_days` × the quantity of the items that matched it (1 when none did), linked to the ' +
    'order, its e-mail queued, and the order marked handled. `plan_id` must be a LoopBOT or combo plan with a duration; the buyer ' +
    'needs a valid e-mail address (400).',
  body: Type.Object({ plan_id: Text({ maxLength: 100 }) }),
  answers: {
    200: Answer({ success: Type.Literal(true), message: Type.String(), order: Order }),
    ...ORDER_ACTION_ERRORS,
  },
});

export const reprocessOrder = defineCall({
  id: 'reprocessOrder',
  method: 'POST',
  path: '/api/order/reprocess/{id}',
  auth: 'admin',
  tag: 'Orders',
  summary: 'Match an order under review against the catalogue again (after fixing a Lynk title or a price)',
  description:
    'For a `needs_review` order not yet handled (else 409). Its items and signed total are matched again; when they now pass, the ' +
    'order gets its new status and, as a paid order would, its licence and e-mail, in one transaction. When they still do not, only ' +
    'the note is updated and `message` says why.',
  answers: {
    200: Answer({ success: Type.Literal(true), message: Type.String(), order: Order }),
    ...ORDER_ACTION_ERRORS,
  },
});

export const OrderStats = Answer(
  {
    orders_today: Type.Integer({ description: "Orders since midnight in the shop's time zone" }),
    needs_attention: Type.Integer({
      description: 'Orders needing set-up or review not yet handled, plus e-mails the sender gave up on',
    }),
    mail_configured: Type.Boolean({ description: 'False without SMTP_URL: e-mails wait in the outbox' }),
    payments_configured: Type.Boolean({
      description: 'False without LYNK_MERCHANT_KEY: every Lynk.id payment is refused (503) and no order is recorded',
    }),
    mail_waiting: Type.Integer({ description: 'E-mails queued or being sent' }),
    mail_failed: Type.Integer({ description: 'E-mails the sender gave up on (see the Mail view, Resend)' }),
    replays_refused: Type.Integer({
      description:
        "Lynk.id deliveries refused because they re-split an order's signed ids (a captured delivery replayed)",
    }),
  },
  { title: 'OrderStats' },
);
export type OrderStats = Static<typeof OrderStats>;

export const orderStats = defineCall({
  id: 'getOrderStats',
  method: 'GET',
  path: '/api/order/stats',
  auth: 'admin',
  tag: 'Orders',
  summary: "The dashboard's order and e-mail counts",
  answers: { 200: Answer({ success: Type.Literal(true), stats: OrderStats }), ...ADMIN_READ_ERRORS },
});
