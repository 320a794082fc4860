// Customers: who buys. Fields follow the reference's CustomerIndividual.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, queryOne, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';
import { COUNTRY_CODES } from './country-codes';

/** The spec's allowed ISO 3166-1 alpha-2 country codes. */
export const CountryCode = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof CountryCode>;

export const Address = z
  .object({
    line1: z.string().max(255).nullish(),
    line2: z.string().max(255).nullish(),
    postal_code: z.string().max(32).nullish(),
    city: z.string().max(255).nullish(),
    state: z.string().max(64).nullish(),
    country: CountryCode,
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

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
export type Customer = z.infer<typeof Customer>;

export const CustomerList = ListResource(Customer).meta({ id: 'ListResource_Customer_' });

export const CUSTOMER_SORT_FIELDS = ['created_at', 'email', 'name'] as const;
export const CustomerListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  email: queryOne(z.string().max(320).optional()),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

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

export const ExternalIdParams = z.object({ external_id: z.string().min(1).max(255) });
export const CustomerDeleteQuery = z.object({ anonymize: queryBoolean.transform((value) => value ?? false) });
