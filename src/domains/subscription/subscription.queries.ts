// What other domains read of subscriptions: the shape orders embed, the flows that follow a test clock, and a
// customer's (customer state, customer deletion).
import type { EntityManager } from '@mikro-orm/postgresql';
import { subscriptionWorkflowId } from '../../../workflows/definitions';
import type { CustomerStateSubscription } from '../../contracts/customer-state-subscription';
import type { OrderSubscription } from '../../contracts/order-subscription';
import { Subscription } from './subscription.entity';
import { orderSubscriptionOutput } from './subscription.output';
import type { SubscriptionMeterReader } from './subscription-meter';

export class SubscriptionQueries {
  constructor(private readonly deps: { meterReader: Pick<SubscriptionMeterReader, 'metersOf'> }) {}

  /** The subscriptions among `ids` as orders embed them. */
  async orderSummaries(em: EntityManager, ids: readonly string[]): Promise<OrderSubscription[]> {
    return ids.length ? (await em.find(Subscription, { id: { $in: [...ids] } })).map(orderSubscriptionOutput) : [];
  }

  /** The workflows of the live subscriptions on a test clock. */
  async flowsOnClock(em: EntityManager, testClockId: string): Promise<string[]> {
    const live = await em.find(Subscription, { testClockId, status: { $ne: 'canceled' } }, { fields: ['id'] });
    return live.map((subscription) => subscriptionWorkflowId(subscription.id));
  }

  /** The customer's active or trialing subscriptions, oldest first, as customer state shows them. */
  async activeFor(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerStateSubscription[]> {
    const active = await em.find(
      Subscription,
      { organizationId, customerId, status: { $in: ['active', 'trialing'] } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const meters = await this.deps.meterReader.metersOf(em, active);
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

  /** The customer's subscriptions not canceled for good. */
  async liveIds(em: EntityManager, organizationId: string, customerId: string): Promise<string[]> {
    return (
      await em.find(Subscription, { organizationId, customerId, status: { $ne: 'canceled' } }, { fields: ['id'] })
    ).map((s) => s.id);
  }
}
