// A customer with what they hold now: active subscriptions, granted benefits, meters (`customer.state_changed`).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Customer } from './customer';
import { CustomerStateBenefitGrant } from './customer-state-benefit-grant';
import { CustomerStateSubscription } from './customer-state-subscription';

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
