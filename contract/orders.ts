/** Paid marketplace orders as the admin reads them (the Orders tab). */
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './call';
import { ADMIN_READ_ERRORS, ADMIN_WRITE_ERRORS, NOT_FOUND } from './errors';
import { Answer, ErrorAnswer, IsoDateTime, MessageAnswer, Nullable, OneOf, PageQuery } from './schema';
import { ORDER_STATUSES } from './vocabulary';

export const OrderStatus = OneOf(ORDER_STATUSES, {
  description: '`fulfilled`: delivered by itself; `needs_setup`: a LoopStream server to set up; `needs_review`: nothing issued, see `note`',
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
    change: OneOf(['created', 'extended'] as const),
    days: Type.Integer({ description: 'Days the order added' }),
  },
  { title: 'OrderLicense' },
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
    plans_price_idr: Nullable(Type.Integer({ description: 'What the matched plans cost (price × qty); null when an item matched no plan' })),
    status: OrderStatus,
    note: Type.String({ description: 'Why the owner is needed; empty when fulfilled' }),
    handled_at: Nullable(IsoDateTime),
    license_ids: Type.Array(Type.Integer()),
    licenses: Type.Array(OrderLicense, { description: 'The licences the order issued or extended (still existing)' }),
    license_message: Nullable(
      Type.String({ description: 'The licence message (the Settings template, as downloaded) of the first licence; null when none' }),
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
    search: Type.Optional(Type.String({ description: 'Any part of the buyer’s name, e-mail, phone or the ref id, any case (max 200 characters)' })),
    status: Type.Optional(OneOf(ORDER_STATUSES, { 'x-trim': true, 'x-invalid': 'status must be fulfilled, needs_setup or needs_review' })),
    ...PageQuery('50'),
  }),
  answers: {
    200: Answer({ success: Type.Literal(true), orders: Type.Array(Order), pages: Type.Integer(), total: Type.Integer(), page: Type.Integer() }),
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

export const OrderStats = Answer(
  {
    orders_today: Type.Integer({ description: "Orders since midnight in the shop's time zone" }),
    needs_attention: Type.Integer({ description: 'Orders needing set-up or review not yet handled, plus e-mails the sender gave up on' }),
    mail_configured: Type.Boolean({ description: 'False without SMTP_URL: e-mails wait in the outbox' }),
    mail_waiting: Type.Integer({ description: 'E-mails queued or being sent' }),
    mail_failed: Type.Integer({ description: 'E-mails the sender gave up on (see the Mail view, Resend)' }),
    replays_refused: Type.Integer({
      description: "Lynk.id deliveries refused because they re-split an order's signed ids (a captured delivery replayed)",
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
