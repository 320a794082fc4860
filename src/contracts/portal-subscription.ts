// The customer portal's subscriptions (the reference's CustomerSubscription), with their product, prices and meters.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { CustomerStateSubscriptionMeter } from './customer-state-subscription';
import { ListResource } from './list-resource';
import { OrderSubscription } from './order-subscription';
import { customerProduct } from './portal-product';
import { ProductPrice } from './price';
import { PendingSubscriptionUpdate } from './subscription';

export const CustomerSubscriptionProduct = customerProduct('CustomerSubscriptionProduct');

export const CustomerSubscriptionMeter = CustomerStateSubscriptionMeter.extend({
  meter: z.object({ created_at: Timestamp, modified_at: Timestamp.nullable(), id: Uuid, name: z.string() }),
}).meta({ id: 'CustomerSubscriptionMeter' });

export const CustomerSubscription = OrderSubscription.omit({ metadata: true })
  .extend({
    product: CustomerSubscriptionProduct,
    prices: z.array(ProductPrice),
    meters: z.array(CustomerSubscriptionMeter),
    pending_update: PendingSubscriptionUpdate.nullable(),
  })
  .meta({ id: 'CustomerSubscription' });
export type CustomerSubscription = z.infer<typeof CustomerSubscription>;

export const CustomerSubscriptionList = ListResource(CustomerSubscription).meta({
  id: 'ListResource_CustomerSubscription_',
});
