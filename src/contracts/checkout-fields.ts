// What a checkout and the requests on it share: its status, custom field data, customer metadata and fields.
import { z } from 'zod';
import { Address } from './address';
import { boundedRecord } from './metadata';

export const CheckoutStatus = z.enum(['open', 'expired', 'confirmed', 'succeeded', 'failed']);
export const CustomFieldData = boundedRecord(
  z.string().max(100),
  z.union([z.string().max(1000), z.int32(), z.boolean(), z.null()]),
  50,
);
export const CustomerMetadata = boundedRecord(
  z.string().min(1).max(40),
  z.union([z.string().max(500), z.int32(), z.boolean()]),
  50,
);

export const customerFields = {
  is_business_customer: z.boolean().nullish(),
  customer_name: z.string().max(255).nullish(),
  customer_email: z.email().max(320).nullish(),
  customer_billing_name: z.string().max(255).nullish(),
  customer_billing_address: Address.nullish(),
  customer_tax_id: z.string().max(64).nullish(),
  locale: z.string().max(20).nullish(),
};
