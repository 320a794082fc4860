// Benefit grants: what a customer holds of a benefit, from which order or subscription.
import { z } from 'zod';
import { Benefit } from './benefit';
import { BENEFIT_TYPES } from './benefit-type';
import { Customer } from './customer';
import { ListResource } from './list-resource';
import { PageQuery, queryBoolean, queryMany, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';

export const BenefitGrantError = z.object({ message: z.string(), type: z.string(), timestamp: z.string() });

/** Every key is optional in the reference's grant-properties shapes; each type fills its own. */
export const BenefitGrantProperties = z
  .object({
    license_key_id: z.string().optional(),
    display_key: z.string().optional(),
    files: z.array(z.string()).optional(),
    last_credited_meter_id: z.string().optional(),
    last_credited_units: z.int32().optional(),
    last_credited_at: z.string().optional(),
  })
  .meta({ id: 'BenefitGrantProperties' });
export type BenefitGrantProperties = z.infer<typeof BenefitGrantProperties>;

export const BenefitGrant = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    granted_at: Timestamp.nullable(),
    is_granted: z.boolean(),
    revoked_at: Timestamp.nullable(),
    is_revoked: z.boolean(),
    subscription_id: Uuid.nullable(),
    order_id: Uuid.nullable(),
    customer_id: Uuid,
    member_id: Uuid.nullable(),
    benefit_id: Uuid,
    error: BenefitGrantError.nullable(),
    customer: Customer,
    member: z.null(),
    benefit: Benefit,
    properties: BenefitGrantProperties,
  })
  .meta({ id: 'BenefitGrant' });
export type BenefitGrant = z.infer<typeof BenefitGrant>;

/** Data of `benefit_grant.*` webhooks: the grant and its properties before the change. */
export const BenefitGrantWebhook = BenefitGrant.extend({ previous_properties: BenefitGrantProperties.nullable() }).meta(
  { id: 'BenefitGrantWebhook' },
);
export type BenefitGrantWebhook = z.infer<typeof BenefitGrantWebhook>;

export const BenefitGrantList = ListResource(BenefitGrant).meta({ id: 'ListResource_BenefitGrant_' });

export const BENEFIT_GRANT_SORT_FIELDS = ['created_at', 'granted_at', 'revoked_at'] as const;
export const BenefitGrantListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().max(255)),
  is_granted: queryBoolean,
  sorting: sortingQuery(BENEFIT_GRANT_SORT_FIELDS, ['-created_at']),
});
export type BenefitGrantListQuery = z.infer<typeof BenefitGrantListQuery>;

/** `GET /v1/benefits/{id}/grants`. */
export const BenefitGrantsOfBenefitQuery = z.object({
  ...PageQuery,
  customer_id: queryMany(Uuid),
  member_id: queryMany(Uuid),
  is_granted: queryBoolean,
});
export type BenefitGrantsOfBenefitQuery = z.infer<typeof BenefitGrantsOfBenefitQuery>;

export const GrantedBenefitType = z.enum(BENEFIT_TYPES);
