/** What other features may use of the orders room: a paid order as a marketplace reports it, and recording one. */
export type { PaidItem, PaidOrder } from './paid-order';
export { recordPaidOrder } from './record-order';
