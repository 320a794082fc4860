// A customer's active or trialing subscriptions as customer state shows them, with their meters.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerStateSubscription } from '../../contracts/customer-state-subscription';
import { orderSubscriptionOutput } from './order-subscription.output';
import { Subscription } from './subscription.entity';
import type { SubscriptionMeterReader } from './subscription-meter';

/** The customer's active or trialing subscriptions, oldest first, as customer state shows them. */
export async function activeSubscriptionsOf(
  deps: { meterReader: Pick<SubscriptionMeterReader, 'metersOf'> },
  em: EntityManager,
  organizationId: string,
  customerId: string,
): Promise<CustomerStateSubscription[]> {
  const active = await em.find(
    Subscription,
    { organizationId, customerId, status: { $in: ['active', 'trialing'] } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  const meters = await deps.meterReader.metersOf(em, active);
  return active.map((s) => {
    const o = orderSubscriptionOutput(s);
    return {
      id: o.id,
      created_at: o.created_at,
      modified_at: o.modified_at,
      custom_field_data: s.customFieldData,
      metadata: o.metadata,
      status: s.status as CustomerStateSubscription['status'],
      amount: o.amount,
      currency: o.currency,
      recurring_interval: o.recurring_interval,
      current_period_start: o.current_period_start,
      current_period_end: o.current_period_end,
      trial_start: o.trial_start,
      trial_end: o.trial_end,
      cancel_at_period_end: o.cancel_at_period_end,
      canceled_at: o.canceled_at,
      started_at: o.started_at,
      ends_at: o.ends_at,
      product_id: o.product_id,
      discount_id: o.discount_id,
      seats: o.seats,
      units: o.units,
      meters: (meters.get(s.id) ?? []).map(({ meter: _meter, ...meter }) => meter),
    };
  });
}
