// Subscriptions: born of a checkout of a recurring product, read and listed through the API, and presented as the
// reference's Subscription. Every change goes out as subscription.updated plus the status-derived events.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput } from '../../contracts/product';
import type { OrderSubscription, Subscription as SubscriptionOutput, SubscriptionListQuery } from '../../contracts/subscription';
import type { WebhookEventType } from '../../contracts/webhook';
import { listPage, orderBySorting, whereMetadata } from '../../app/list-query';
import type { Tx } from '../../app/transaction';
import type { Clock } from '../../kernel/clock';
import { ResourceNotFound } from '../../kernel/errors';
import { byId, distinctIds, newId } from '../../kernel/ids';
import type { DiscountService } from '../discount';
import type { OutboxService } from '../outbox';
import { addInterval, type RecurringInterval } from '../../kernel/calendar';
import { Subscription } from './subscription.entity';

export interface SubscriptionDeps {
  clock: Clock;
  outbox: OutboxService;
  discounts: DiscountService;
  customers(em: EntityManager, organizationId: string, ids: string[]): Promise<CustomerOutput[]>;
  products(em: EntityManager, organizationId: string, ids: string[]): Promise<ProductOutput[]>;
  prices(em: EntityManager, organizationId: string, ids: string[]): Promise<PriceOutput[]>;
  /** Starts `subscription:<id>` through the outbox, following the subscription's test clock if it has one. */
  startWorkflow(tx: Tx, subscription: Subscription): void;
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
    this.deps.startWorkflow(tx, subscription);
    return subscription;
  }

  /** Writes the events of a change, in the reference's order: subscription.updated first, then the specific ones. */
  async announce(tx: Tx, subscription: Subscription, events: WebhookEventType[]): Promise<void> {
    const [output] = await this.outputs(tx.em, [subscription]);
    for (const type of events) this.deps.outbox.enqueueEvent(tx, subscription.organizationId, type, output);
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<Subscription> {
    const subscription = await em.findOne(Subscription, { id, organizationId });
    if (!subscription) throw new ResourceNotFound('Subscription not found.');
    return subscription;
  }

  async list(em: EntityManager, organizationId: string, query: SubscriptionListQuery) {
    const qb = em.createQueryBuilder(Subscription, 's').where({ organizationId });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    if (query.product_id) qb.andWhere({ productId: { $in: query.product_id } });
    if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
    if (query.external_customer_id) qb.andWhere('s.customer_id in (select id from customer where external_id in (?))', [query.external_customer_id]);
    if (query.discount_id) qb.andWhere({ discountId: { $in: query.discount_id } });
    if (query.status) qb.andWhere({ status: { $in: query.status } });
    if (query.active !== undefined) qb.andWhere({ status: query.active ? { $in: ['trialing', 'active', 'past_due'] } : { $nin: ['trialing', 'active', 'past_due'] } });
    if (query.cancel_at_period_end !== undefined) qb.andWhere({ cancelAtPeriodEnd: query.cancel_at_period_end });
    if (query.customer_cancellation_reason) qb.andWhere({ customerCancellationReason: { $in: query.customer_cancellation_reason } });
    whereMetadata(qb, 's', query.metadata);
    orderBySorting(qb, query.sorting, SORT_COLUMNS);
    return listPage(qb, query);
  }

  /** Subscriptions as the API shows them: customers, products, prices and discounts read once for all. */
  async outputs(em: EntityManager, subscriptions: Subscription[]): Promise<SubscriptionOutput[]> {
    if (!subscriptions.length) return [];
    const { organizationId } = subscriptions[0];
    const idsOf = (pick: (s: Subscription) => string | null) => distinctIds(subscriptions, pick);
    const customers = byId(await this.deps.customers(em, organizationId, idsOf((s) => s.customerId)));
    const products = byId(await this.deps.products(em, organizationId, idsOf((s) => s.productId)));
    const prices = byId(await this.deps.prices(em, organizationId, idsOf((s) => s.priceId)));
    const discountIds = idsOf((s) => s.discountId);
    const discounts = byId(discountIds.length ? await this.deps.discounts.outputs(em, await this.deps.discounts.findByIds(em, organizationId, discountIds)) : []);
    return subscriptions.map((subscription) => {
      const price = prices.get(subscription.priceId)!;
      const pending = subscription.pendingUpdate;
      return {
        ...orderSubscriptionOutput(subscription),
        custom_field_data: subscription.customFieldData,
        customer: customers.get(subscription.customerId)!,
        product: products.get(subscription.productId)!,
        discount: (subscription.discountId && discounts.get(subscription.discountId)) || null,
        prices: [price],
        meters: [],
        pending_update: pending && { id: pending.id, created_at: pending.createdAt, modified_at: null, applies_at: pending.appliesAt, product_id: pending.productId, seats: pending.seats },
        price_id: price.id,
        price,
        test_clock_id: subscription.testClockId,
      };
    });
  }

  /** The fields an order embeds. */
  async orderOutputs(em: EntityManager, ids: string[]): Promise<OrderSubscription[]> {
    return ids.length ? (await em.find(Subscription, { id: { $in: ids } })).map(orderSubscriptionOutput) : [];
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function orderSubscriptionOutput(s: Subscription): OrderSubscription {
  return {
    metadata: s.metadata,
    created_at: s.createdAt.toISOString(),
    modified_at: iso(s.modifiedAt),
    id: s.id,
    amount: s.amount,
    currency: s.currency,
    recurring_interval: s.recurringInterval,
    recurring_interval_count: s.recurringIntervalCount,
    status: s.status,
    current_period_start: s.currentPeriodStart.toISOString(),
    current_period_end: s.currentPeriodEnd.toISOString(),
    current_meter_period_start: null,
    current_meter_period_end: null,
    trial_start: iso(s.trialStart),
    trial_end: iso(s.trialEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: iso(s.canceledAt),
    started_at: iso(s.startedAt),
    ends_at: iso(s.endsAt),
    ended_at: iso(s.endedAt),
    past_due_at: iso(s.pastDueAt),
    pause_at_period_end: false,
    paused_at: null,
    resumes_at: null,
    customer_id: s.customerId,
    product_id: s.productId,
    discount_id: s.discountId,
    checkout_id: s.checkoutId,
    seats: s.seats,
    customer_cancellation_reason: s.customerCancellationReason,
    customer_cancellation_comment: s.customerCancellationComment,
  };
}
