// Subscriptions: born of a checkout of a recurring product, read and listed through the API, and presented as the
// reference's Subscription. Every change goes out as subscription.updated plus the status-derived events.
import { flowStart } from '../../platform/temporal/flow-start';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FLOWS, clockInput, type SubscriptionInput } from '../../../workflows/definitions';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import type { SubscriptionListQuery } from '../../contracts/subscription-list-query';
import type { WebhookEventType } from '../../contracts/webhook';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { ResourceNotFound } from '../../kernel/errors';
import { productOrOrganizationNamed, type ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { GrantSyncPort } from '../order';
import type { OutboxService } from '../../platform/outbox';
import { addInterval, type RecurringInterval } from '../../kernel/calendar';
import { LIVE_STATUSES, Subscription } from './subscription.entity';
import { subscriptionOutputs } from './subscription.output';
import type { SubscriptionMeterReader } from './subscription-meter';

export interface SubscriptionDeps {
  clock: Clock;
  outbox: OutboxService;
  discounts: DiscountService;
  customers: CustomerService;
  products: ProductService;
  /** Benefit grants follow every change of the subscription (its status, its product). */
  grants: GrantSyncPort;
  /** The meters of subscriptions with metered prices (their usage so far). */
  meterReader: Pick<SubscriptionMeterReader, 'metersOf'>;
}

/** What a checkout of a recurring product hands over. */
export interface NewSubscription {
  organizationId: string;
  checkoutId: string;
  customerId: string;
  productId: string;
  priceId: string;
  priceAmount: number;
  amount: number;
  currency: string;
  recurringInterval: RecurringInterval;
  recurringIntervalCount: number;
  seats: number | null;
  discountId: string | null;
  trialEnd: Date | null;
  billingName: string | null;
  billingAddress: Subscription['billingAddress'];
  taxId: [string, string] | null;
  isBusiness: boolean;
  taxBehavior: 'inclusive' | 'exclusive';
  processorCustomerId: string | null;
  paymentMethodToken: string | null;
  testClockId: string | null;
  metadata: Subscription['metadata'];
  customFieldData: Subscription['customFieldData'];
  /** The subscription's start (its test clock's time for attached customers). */
  at: Date;
}

const SORT_COLUMNS = {
  customer: 'customerId',
  status: 'status',
  started_at: 'startedAt',
  current_period_end: 'currentPeriodEnd',
  ended_at: 'endedAt',
  ends_at: 'endsAt',
  amount: 'amount',
  product: 'productId',
  discount: 'discountId',
} as const;

const subscriptions = new OwnedRepository(Subscription, { label: 'Subscription' });

export class SubscriptionService {
  constructor(private readonly deps: SubscriptionDeps) {}

  /** The checkout's subscription: `trialing` until its trial ends, else `active` (subscription.created), once per checkout. */
  async createFromCheckout(tx: Tx, input: NewSubscription): Promise<Subscription> {
    const existing = await tx.em.findOne(Subscription, { checkoutId: input.checkoutId });
    if (existing) return existing;
    const { at, trialEnd, ...fields } = input;
    const subscription = tx.em.create(Subscription, {
      ...fields,
      id: newId(),
      status: trialEnd ? 'trialing' : 'active',
      discountAppliedAt: input.discountId && !trialEnd ? at : null,
      anchorDay: (trialEnd ?? at).getUTCDate(),
      currentPeriodStart: at,
      currentPeriodEnd: trialEnd ?? addInterval(at, input.recurringInterval, input.recurringIntervalCount),
      trialStart: trialEnd ? at : null,
      trialEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      startedAt: at,
      endsAt: null,
      endedAt: null,
      pastDueAt: null,
      customerCancellationReason: null,
      customerCancellationComment: null,
      pendingUpdate: null,
      pendingItems: [],
      createdAt: at,
      modifiedAt: null,
    });
    await tx.em.flush();
    await this.announce(tx, subscription, ['subscription.created']);
    this.startWorkflow(tx, subscription);
    return subscription;
  }

  /** Starts `subscription:<id>` through the outbox, following the subscription's test clock if it has one. */
  private startWorkflow(tx: Tx, subscription: Subscription): void {
    const input: SubscriptionInput = {
      subscriptionId: subscription.id,
      clock: clockInput(subscription.testClockId, subscription.currentPeriodStart),
    };
    this.deps.outbox.enqueueWorkflowStart(
      tx,
      subscription.organizationId,
      flowStart(FLOWS.subscription, [subscription.id], input, {
        searchAttributes: { SubscriptionId: subscription.id, CustomerId: subscription.customerId },
        summary: `Subscription ${subscription.id}`,
      }),
    );
  }

  /**
   * Writes the events of a change, in the reference's order: subscription.updated first, then the specific ones —
   * except a renewal's subscription.cycled, which the reference sends from the cycle itself, before its update.
   */
  async announce(tx: Tx, subscription: Subscription, events: WebhookEventType[]): Promise<void> {
    const [output] = await this.outputs(tx.em, [subscription]);
    for (const type of events) this.deps.outbox.enqueueEvent(tx, subscription.organizationId, type, output);
    const source = { kind: 'subscription', id: subscription.id } as const;
    await this.deps.grants.syncSource(
      tx,
      subscription.organizationId,
      subscription.customerId,
      source,
      subscription.productId,
    );
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
    return subscriptions.list(em, organizationId, query, {
      alias: 's',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
        if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
        if (query.external_customer_id)
          qb.andWhere('s.customer_id in (select id from customer where external_id in (?))', [
            query.external_customer_id,
          ]);
        if (query.discount_id) qb.andWhere({ discountId: { $in: query.discount_id } });
        if (query.status) qb.andWhere({ status: { $in: query.status } });
        if (query.active !== undefined)
          qb.andWhere({ status: query.active ? { $in: [...LIVE_STATUSES] } : { $nin: [...LIVE_STATUSES] } });
        if (query.cancel_at_period_end !== undefined) qb.andWhere({ cancelAtPeriodEnd: query.cancel_at_period_end });
        if (query.customer_cancellation_reason)
          qb.andWhere({ customerCancellationReason: { $in: query.customer_cancellation_reason } });
        if (query.query) qb.andWhere(...productOrOrganizationNamed('s', likeContains(query.query)));
      },
    });
  }

  /** Subscriptions as the API shows them: customers, products, prices and discounts read once for all. */
  outputs(em: EntityManager, rows: Subscription[]): Promise<SubscriptionOutput[]> {
    return subscriptionOutputs(em, this.deps, rows);
  }
}
