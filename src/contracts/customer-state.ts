// A customer with what they hold now: active subscriptions, granted benefits, meters (`customer.state_changed`).
import { z } from 'zod';
import { BENEFIT_TYPES } from './benefit-type';
import { BenefitGrantProperties } from './benefit-grant';
import { Customer } from './customer';
import { MetadataOutput } from './metadata';
import { Timestamp, Uuid } from './common';

export const CustomerStateSubscriptionMeter = z.object({
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  consumed_units: z.number(),
  credited_units: z.int32(),
  amount: z.int32(),
  meter_id: Uuid,
});

export const CustomerStateSubscription = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    custom_field_data: z.record(z.string(), z.unknown()),
    metadata: MetadataOutput,
    status: z.enum(['trialing', 'active', 'past_due']),
    amount: z.int32(),
    currency: z.string(),
    recurring_interval: z.enum(['day', 'week', 'month', 'year']),
    current_period_start: Timestamp,
    current_period_end: Timestamp,
    trial_start: Timestamp.nullable(),
    trial_end: Timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    canceled_at: Timestamp.nullable(),
    started_at: Timestamp.nullable(),
    ends_at: Timestamp.nullable(),
    product_id: Uuid,
    discount_id: Uuid.nullable(),
    seats: z.int32().nullable(),
    /** Units of a unit-based price; Bursar has no unit-based prices yet, so always null. */
    units: z.int32().nullable(),
    meters: z.array(CustomerStateSubscriptionMeter),
  })
  .meta({ id: 'CustomerStateSubscription' });
export type CustomerStateSubscription = z.infer<typeof CustomerStateSubscription>;

/** A download a downloadables grant gives: a signed link that stops opening when it expires or the grant is revoked. */
export const GrantedDownload = z.object({ file_id: Uuid, name: z.string(), url: z.string(), expires_at: Timestamp });

export const CustomerStateBenefitGrant = z.object({
  id: Uuid,
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  granted_at: Timestamp,
  benefit_id: Uuid,
  benefit_type: z.enum(BENEFIT_TYPES),
  benefit_metadata: MetadataOutput,
  properties: BenefitGrantProperties.extend({
    /** Beyond the reference: a custom benefit's note, for the merchant to show. */
    note: z.string().nullable().optional(),
    /** Beyond the reference: the downloads of a downloadables grant, as signed links valid for a while. */
    downloads: z.array(GrantedDownload).optional(),
  }),
});
export type CustomerStateBenefitGrant = z.infer<typeof CustomerStateBenefitGrant>;

export const CustomerStateMeter = z.object({
  id: Uuid,
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  meter_id: Uuid,
  consumed_units: z.number(),
  credited_units: z.number().int(), // a total over every period: past int32 in time
  balance: z.number(),
});
export type CustomerStateMeter = z.infer<typeof CustomerStateMeter>;

export const CustomerState = Customer.extend({
  active_subscriptions: z.array(CustomerStateSubscription),
  granted_benefits: z.array(CustomerStateBenefitGrant),
  active_meters: z.array(CustomerStateMeter),
}).meta({ id: 'CustomerState' });
export type CustomerState = z.infer<typeof CustomerState>;
