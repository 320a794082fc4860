// The customer portal's orders (the reference's CustomerOrder): the caller's own orders, with the product and the
// organization as a customer sees them — no metadata, custom field data or embedded customer.
import type { z } from 'zod';
import { ListResource } from './list-resource';
import { Order } from './order';
import { OrderSubscription } from './order-subscription';
import { customerProduct } from './portal-product';

export const CustomerOrderProduct = customerProduct('CustomerOrderProduct');
export const CustomerOrderSubscription = OrderSubscription.omit({ metadata: true }).meta({
  id: 'CustomerOrderSubscription',
});

/** The organization's order less what is the organization's alone (metadata, custom fields, fees). */
export const CustomerOrder = Order.omit({
  product_price: true,
  metadata: true,
  custom_field_data: true,
  platform_fee_amount: true,
  platform_fee_currency: true,
  customer: true,
  discount: true,
  // The merchant's dispute with the card network is not the customer's to read in the portal.
  dispute: true,
})
  .extend({
    product: CustomerOrderProduct.nullable(),
    subscription: CustomerOrderSubscription.nullable(),
  })
  .meta({ id: 'CustomerOrder' });
export type CustomerOrder = z.infer<typeof CustomerOrder>;

export const CustomerOrderList = ListResource(CustomerOrder).meta({ id: 'ListResource_CustomerOrder_' });
