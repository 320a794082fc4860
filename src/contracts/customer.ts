// Customers: who buys. Fields follow the reference's CustomerIndividual.
import { z } from 'zod';
import { Address } from './address';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';

export const Customer = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    metadata: MetadataOutput,
    external_id: z.string().nullable(),
    email: z.string(),
    email_verified: z.boolean(),
    type: z.literal('individual'),
    name: z.string().nullable(),
    billing_name: z.string().nullable(),
    billing_address: Address.nullable(),
    tax_id: z.tuple([z.string(), z.string()]).nullable(),
    locale: z.string().nullable(),
    organization_id: Uuid,
    default_payment_method_id: z.string().nullable(),
    deleted_at: Timestamp.nullable(),
    /** When the first usage event for the customer was ingested (it may predate the customer); null without events. */
    first_user_event_at: Timestamp.nullable(),
    /** An avatar Bursar draws itself (the initials, as an SVG data URL): no third party learns who the customer is. */
    avatar_url: z.string(),
    /** Beyond the reference (sandbox only): the test clock the customer's flows follow. */
    test_clock_id: Uuid.nullable(),
  })
  .meta({ id: 'Customer' });

export type Customer = z.infer<typeof Customer>;

export const CustomerList = ListResource(Customer).meta({ id: 'ListResource_Customer_' });
