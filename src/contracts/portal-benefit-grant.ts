// A benefit grant as the customer portal shows it (the reference's CustomerBenefitGrant*), one variant per type.
import { z } from 'zod';
import { BenefitGrantError } from './benefit-grant-properties';
import { Timestamp, Uuid } from './common';
import { BENEFIT_SUBSCRIBERS, BENEFIT_VARIANT_NAMES } from './portal-benefit-subscriber';
import { CustomerPortalCustomer } from './portal-customer';
import type { BenefitType } from './benefit-type';

/** Each type's grant properties; every key optional, as in the reference. */
const GRANT_PROPERTIES = {
  custom: z.object({}),
  license_keys: z.object({
    user_provided_key: z.string().optional(),
    license_key_id: z.string().optional(),
    display_key: z.string().optional(),
  }),
  downloadables: z.object({ files: z.array(z.string()).optional() }),
  meter_credit: z.object({
    last_credited_meter_id: z.string().optional(),
    last_credited_units: z.int32().optional(),
    last_credited_at: z.string().optional(),
  }),
  feature_flag: z.object({}),
} as const;

const grantOf = <T extends BenefitType>(type: T) =>
  z
    .object({
      created_at: Timestamp,
      modified_at: Timestamp.nullable(),
      id: Uuid,
      granted_at: Timestamp.nullable(),
      revoked_at: Timestamp.nullable(),
      customer_id: Uuid,
      member_id: Uuid.nullable(),
      benefit_id: Uuid,
      subscription_id: Uuid.nullable(),
      order_id: Uuid.nullable(),
      is_granted: z.boolean(),
      is_revoked: z.boolean(),
      error: BenefitGrantError.nullable(),
      customer: CustomerPortalCustomer,
      benefit: BENEFIT_SUBSCRIBERS[type],
      properties: GRANT_PROPERTIES[type],
    })
    .meta({ id: `CustomerBenefitGrant${BENEFIT_VARIANT_NAMES[type]}` });

export const CustomerBenefitGrant = z
  .union([
    grantOf('custom'),
    grantOf('license_keys'),
    grantOf('downloadables'),
    grantOf('meter_credit'),
    grantOf('feature_flag'),
  ])
  .meta({ id: 'CustomerBenefitGrant' });
export type CustomerBenefitGrant = z.infer<typeof CustomerBenefitGrant>;
