// What a customer is changed with, by id or by external id.
import { z } from 'zod';
import { Address } from './address';
import { MetadataInput } from './metadata';

/** `PATCH /v1/customers/{id}`: every key optional; null clears what may be cleared. */
export const CustomerUpdate = z
  .object({
    email: z.email().max(320).nullish(),
    name: z.string().max(256).nullish(),
    billing_address: Address.nullish(),
    tax_id: z.string().max(64).nullish(),
    locale: z.string().max(16).nullish(),
    metadata: MetadataInput.optional(),
    external_id: z.string().min(1).max(255).nullish(),
    type: z.literal('individual').nullish(),
  })
  .meta({ id: 'CustomerUpdate' });
export type CustomerUpdate = z.infer<typeof CustomerUpdate>;

/** `PATCH /v1/customers/external/{external_id}`: the same, less the external id itself. */
export const CustomerUpdateExternalID = CustomerUpdate.omit({ external_id: true, type: true }).meta({
  id: 'CustomerUpdateExternalID',
});
export type CustomerUpdateExternalID = z.infer<typeof CustomerUpdateExternalID>;
