// Subscriptions: born of a checkout of a recurring product, read and listed through the API, and presented as the
// reference's Subscription. Every change goes out as subscription.updated plus the status-derived events.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import type { SubscriptionListQuery } from '../../contracts/subscription-list-query';
import type { WebhookEventType } from '../../contracts/webhook';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import { ResourceNotFound } from '../../kernel/errors';
import { announceSubscription } from './announce-subscription';
import type { SubscriptionReads } from './subscription.output';
import { createSubscription } from './create-subscription';
import { listSubscriptions } from './list-subscriptions';
import type { NewSubscription } from './new-subscription';
import { Subscription } from './subscription.entity';
import type { SubscriptionDeps } from './subscription-deps';
import { subscriptionOutputs } from './subscription.output';

const subscriptions = new OwnedRepository(Subscription, { label: 'Subscription' });

export class SubscriptionService {
  constructor(private readonly deps: SubscriptionDeps) {}

  /** The checkout's subscription: `trialing` until its trial ends, else `active` (subscription.created), once per checkout. */
  createFromCheckout(tx: Tx, input: NewSubscription): Promise<Subscription> {
    return createSubscription(this.deps, tx, input);
  }

  /** Writes the events of a change in the reference's order, and syncs the subscription's grants. */
  announce(tx: Tx, subscription: Subscription, events: WebhookEventType[], known?: SubscriptionReads): Promise<void> {
    return announceSubscription(this.deps, tx, subscription, events, known);
  }

  /** Subscriptions of the product that entitle their customers now. */
  get(em: EntityManager, organizationId: string, id: string): Promise<Subscription> {
    return subscriptions.get(em, organizationId, id);
  }

  /** The customer's own subscription: another customer's is not found, like another organization's. */
  async getOfCustomer(
    em: EntityManager,
    organizationId: string,
    customerId: string,
    id: string,
  ): Promise<Subscription> {
    const subscription = await subscriptions.find(em, organizationId, id);
    if (subscription?.customerId !== customerId) throw new ResourceNotFound('Subscription not found.');
    return subscription;
  }

  /** `query` (the customer portal's search) matches the product's or the organization's name. */
  list(em: EntityManager, organizationId: string, query: SubscriptionListQuery & { query?: string }) {
    return listSubscriptions(em, organizationId, query);
  }

  /** Subscriptions as the API shows them: customers, products, prices and discounts read once for all. */
  outputs(em: EntityManager, rows: Subscription[]): Promise<SubscriptionOutput[]> {
    return subscriptionOutputs(em, this.deps, rows);
  }
}
