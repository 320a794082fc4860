// `POST /v1/subscriptions/`: a subscription for an existing customer, named by id or by external id.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataInput } from './metadata';

const fields = {
  product_id: Uuid,
  metadata: MetadataInput.default({}),
  /** Our addition: the saved method to charge (the customer's default when unset). */
  payment_method_id: Uuid.nullish(),
};

export const SubscriptionCreateCustomer = z
  .object({ ...fields, customer_id: Uuid })
  .meta({ id: 'SubscriptionCreateCustomer' });
export const SubscriptionCreateExternalCustomer = z
  .object({ ...fields, external_customer_id: z.string().min(1).max(255) })
  .meta({ id: 'SubscriptionCreateExternalCustomer' });
export const SubscriptionCreate = z.union([SubscriptionCreateCustomer, SubscriptionCreateExternalCustomer]);
export type SubscriptionCreate = z.infer<typeof SubscriptionCreate>;
