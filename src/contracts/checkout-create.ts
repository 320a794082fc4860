// What a merchant creates a checkout session with.
import { z } from 'zod';
import { Currency, IntervalCount, TrialInterval } from './catalog-common';
import { CustomFieldData, CustomerMetadata, customerFields } from './checkout-fields';
import { Url, Uuid } from './common';
import { MetadataInput } from './metadata';

export const CheckoutCreate = z
  .object({
    products: z.array(Uuid).min(1).max(20),
    currency: Currency.nullish(),
    amount: z.int32().min(0).nullish(),
    seats: z.int32().min(1).nullish(),
    discount_id: Uuid.nullish(),
    allow_discount_codes: z.boolean().default(true),
    require_billing_address: z.boolean().default(false),
    allow_trial: z.boolean().default(true),
    trial_interval: TrialInterval.nullish(),
    trial_interval_count: IntervalCount.nullish(),
    customer_id: Uuid.nullish(),
    external_customer_id: z.string().max(255).nullish(),
    customer_ip_address: z.union([z.ipv4(), z.ipv6()]).nullish(),
    customer_metadata: CustomerMetadata.default({}),
    custom_field_data: CustomFieldData.default({}),
    metadata: MetadataInput.default({}),
    success_url: Url().max(2048).nullish(),
    return_url: Url().max(2048).nullish(),
    embed_origin: Url().max(255).nullish(),
    organization_id: Uuid.nullish(),
    /** Beyond the reference (sandbox only): the test clock the session and its customer follow. */
    test_clock_id: Uuid.nullish(),
    ...customerFields,
  })
  .meta({ id: 'CheckoutCreate' });
export type CheckoutCreate = z.infer<typeof CheckoutCreate>;
