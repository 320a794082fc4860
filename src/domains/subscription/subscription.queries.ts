// What other domains read of subscriptions: the shape orders embed, the flows that follow a test clock, and a
// customer's (customer state, customer deletion, the portal's wallets).
import type { EntityManager } from '@mikro-orm/postgresql';
import { subscriptionWorkflowId } from '../../../workflows/definitions';
import type { CustomerStateSubscription } from '../../contracts/customer-state-subscription';
import type { OrderSubscription } from '../../contracts/order-subscription';
import type { CustomerWallet, CustomerWalletListQuery } from '../../contracts/portal-wallet';
import type { CustomerOwner } from '../../platform/http/route';
import { Subscription } from './subscription.entity';
import { activeSubscriptionsOf } from './active-subscriptions';
import { orderSubscriptionOutput } from './order-subscription.output';
import { walletOf, walletPage } from './customer-wallets';
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
  activeFor(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerStateSubscription[]> {
    return activeSubscriptionsOf(this.deps, em, organizationId, customerId);
  }

  /** The customer's subscriptions not canceled for good. */
  async liveIds(em: EntityManager, organizationId: string, customerId: string): Promise<string[]> {
    return (
      await em.find(Subscription, { organizationId, customerId, status: { $ne: 'canceled' } }, { fields: ['id'] })
    ).map((s) => s.id);
  }

  /** The caller's wallets (`customer-wallets.ts`): the credit their live subscriptions carry, per currency. */
  wallets(em: EntityManager, owner: CustomerOwner, query: CustomerWalletListQuery) {
    return walletPage(em, owner, query);
  }

  wallet(em: EntityManager, owner: CustomerOwner, id: string): Promise<CustomerWallet> {
    return walletOf(em, owner, id);
  }
}
