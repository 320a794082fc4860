// What a customer is created with (the reference's CustomerIndividualCreate).
import { z } from 'zod';
import { Address } from './address';
import { Uuid } from './common';
import { MetadataInput } from './metadata';

export const CustomerCreate = z
  .object({
    email: z.email().max(320),
    name: z.string().max(256).nullish(),
    external_id: z.string().min(1).max(255).nullish(),
    billing_address: Address.nullish(),
    tax_id: z.string().max(64).nullish(),
    locale: z.string().max(16).nullish(),
    metadata: MetadataInput.default({}),
    organization_id: Uuid.nullish(),
    type: z.literal('individual').default('individual'),
    /** Beyond the reference (sandbox only): attach the customer to a test clock. */
    test_clock_id: Uuid.nullish(),
  })
  .meta({ id: 'CustomerIndividualCreate' });
export type CustomerCreate = z.infer<typeof CustomerCreate>;
