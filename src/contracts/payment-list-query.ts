// The query of the payment list (the 1.x client's listPayments): whose, of which checkouts, orders and customers,
// in which status and with which method, and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { PaymentStatus } from './payment';
import { PageQuery, queryMany, sortingQuery } from './query-params';

export const PAYMENT_SORT_FIELDS = ['created_at', 'status', 'amount', 'method'] as const;
export const PaymentListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  checkout_id: queryMany(Uuid),
  order_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  status: queryMany(PaymentStatus),
  method: queryMany(z.string().max(64)),
  customer_email: queryMany(z.string().max(320)),
  sorting: sortingQuery(PAYMENT_SORT_FIELDS, ['-created_at']),
});
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;
