// A draft order created by the API for one of the organization's customers, and what finalizing it takes.
import { z } from 'zod';
import { Currency } from './catalog-common';
import { CustomFieldData } from './checkout-fields';
import { Uuid } from './common';
import { MetadataInput } from './metadata';

/** A draft order of one one-time product (fixed, custom or free price); `amount` overrides the price. */
export const OrderCreate = z
  .object({
    organization_id: Uuid.nullish(),
    customer_id: Uuid,
    product_id: Uuid,
    currency: Currency.nullish(),
    amount: z.int32().nullish(),
    units: z.int32().nullish(),
    description: z.string().min(1).max(255).nullish(),
    metadata: MetadataInput.default({}),
    custom_field_data: CustomFieldData.default({}),
  })
  .meta({ id: 'OrderCreate' });
export type OrderCreate = z.infer<typeof OrderCreate>;

/** Finalizing a draft: numbered, taxed, payable; charged at once off-session when `payment_method_id` is given. */
export const OrderFinalize = z.object({ payment_method_id: Uuid.nullish() }).meta({ id: 'OrderFinalize' });
export type OrderFinalize = z.infer<typeof OrderFinalize>;
