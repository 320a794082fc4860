// What other domains read of subscriptions: the shape orders embed, and the flows that follow a test clock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { subscriptionWorkflowId } from '../../../workflows/definitions';
import type { OrderSubscription } from '../../contracts/subscription';
import { Subscription } from './subscription.entity';
import { orderSubscriptionOutput } from './subscription.output';

export class SubscriptionQueries {
  /** The subscriptions among `ids` as orders embed them. */
  async orderSummaries(em: EntityManager, ids: readonly string[]): Promise<OrderSubscription[]> {
    return ids.length ? (await em.find(Subscription, { id: { $in: [...ids] } })).map(orderSubscriptionOutput) : [];
  }

  /** The workflows of the live subscriptions on a test clock. */
  async flowsOnClock(em: EntityManager, testClockId: string): Promise<string[]> {
    const live = await em.find(Subscription, { testClockId, status: { $ne: 'canceled' } }, { fields: ['id'] });
    return live.map((subscription) => subscriptionWorkflowId(subscription.id));
  }
}
