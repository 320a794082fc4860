// Benefit grants: what a customer holds of a benefit, from which order or subscription.
import { z } from 'zod';
import { Benefit } from './benefit';
import { BenefitGrantError, BenefitGrantProperties } from './benefit-grant-properties';
import { BENEFIT_TYPES } from './benefit-type';
import { Timestamp, Uuid } from './common';
import { Customer } from './customer';
import { ListResource } from './list-resource';
import { Member } from './member';

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
    /** The member holding the grant through a seat (null for the customer's own, or once the member is deleted). */
    member: Member.nullable(),
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

export const GrantedBenefitType = z.enum(BENEFIT_TYPES);
