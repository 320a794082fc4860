// The checkout session list and its query.
import { z } from 'zod';
import { Checkout } from './checkout';
import { CheckoutStatus } from './checkout-fields';
import { Uuid } from './common';
import { ListResource } from './list-resource';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const CheckoutList = ListResource(Checkout).meta({ id: 'ListResource_Checkout_' });
export const CheckoutListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  product_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  status: queryMany(CheckoutStatus),
  query: queryOne(z.string().max(320).optional()),
  sorting: sortingQuery(['created_at', 'expires_at', 'status'] as const, ['-created_at']),
});
export type CheckoutListQuery = z.infer<typeof CheckoutListQuery>;
