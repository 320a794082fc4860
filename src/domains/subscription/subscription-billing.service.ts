// The steps of the subscription workflow, each one transaction (processor calls between them, never inside one):
// read the schedule, renew a period (order written), charge it, record the payment or the failure, end it.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PaymentDeclined, RefundDeclined, type PaymentProcessor } from '../../adapters/payment/payment-processor';
import { addInterval } from '../../kernel/calendar';
import { byId } from '../../kernel/ids';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { CustomerMeterService, MeterService } from '../meter';
import { discountApplies, discountRule, type DiscountRule, type DiscountService } from '../discount';
import type { Order, OrderService } from '../order';
import { calculateTax, type SellerOfRecord } from '../tax';
import type { TestClockQueries } from '../test-clock';
import { Subscription, type CancellationReason, type PendingItem } from './subscription.entity';
import {
  finalUsageLines,
  isUnrecoverableDecline,
  meteredLine,
  meteredPricesIn,
  renewalLines,
  type MeteredUsage,
  type SubscriptionSchedule,
} from './subscription.logic';
import type { SubscriptionService } from './subscription.service';

export interface BillingDeps {
  orm: MikroORM;
  processor: PaymentProcessor | null;
  seller: SellerOfRecord;
  /** Dunning's retry intervals in days. */
  dunningDays: readonly number[];
  subscriptions: SubscriptionService;
  orders: OrderService;
  discounts: DiscountService;
  products: ProductService;
  testClocks: TestClockQueries;
  customers: Pick<CustomerService, 'outputs'>;
  meters: Pick<MeterService, 'findByIds'>;
  customerMeters: CustomerMeterService;
  /** How long the workflow waits for the processor to settle a charge it reported as processing (unset: the default). */
  settlementTimeoutMs?: number;
}

/** Charged (`pending`: the processor settles it later, within `settleWithinMs`), or declined. */
export type RenewalCharge = { chargeId: string | null; pending?: boolean; settleWithinMs?: number } | { declined: string; unrecoverable: boolean };

export class SubscriptionBillingService {
  constructor(private readonly deps: BillingDeps) {}

  async schedule(subscriptionId: string): Promise<SubscriptionSchedule> {
    return inTransaction(this.deps.orm, async (tx) => this.scheduleOf(tx, await tx.em.findOneOrFail(Subscription, { id: subscriptionId })));
  }

  private async scheduleOf(tx: Tx, s: Subscription): Promise<SubscriptionSchedule> {
    const clockTime = s.testClockId ? await this.deps.testClocks.now(tx.em, s.testClockId) : null;
    return {
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      currentPeriodEnd: s.currentPeriodEnd.toISOString(),
      interval: s.recurringInterval,
      intervalCount: s.recurringIntervalCount,
      anchorDay: s.anchorDay,
      dunningDays: [...this.deps.dunningDays],
      clockTime: clockTime?.toISOString() ?? null,
    };
  }

  /**
   * The period ending at `periodEnd` is over: a scheduled change applies, the next period starts, an expired discount
   * goes, and the pending order for the new period is written (once: a retried step finds it by its cycle key), with
   * the metered usage of the period that ended: read up to the ingestion cut-off taken first (usage recorded after it
   * goes to the next period), the customer meters reset in the same transaction.
   */
  async renew(subscriptionId: string, periodEnd: string, at: string): Promise<{ orderId: string; totalAmount: number }> {
    const cutOff = await this.meteredCutOff(subscriptionId);
    return inTransaction(this.deps.orm, async (tx) => {
      const s = await this.lock(tx, subscriptionId);
      const cycleKey = `${s.id}:${periodEnd}`;
      const start = new Date(periodEnd);
      if (s.currentPeriodStart.getTime() >= start.getTime()) {
        const order = (await this.deps.orders.findByCycleKey(tx.em, cycleKey))!;
        return { orderId: order.id, totalAmount: order.totalAmount };
      }
      const afterTrial = s.status === 'trialing';
      const metered = await this.closeMeteredPeriod(tx, s, start, cutOff, new Date(at)); // the plan of the period that ended
      if (s.pendingUpdate) {
        const { productId, priceId, priceAmount, seats } = s.pendingUpdate;
        Object.assign(s, { productId, priceId, priceAmount, seats, pendingUpdate: null });
      }
      if (afterTrial) s.anchorDay = start.getUTCDate();
      const end = addInterval(start, s.recurringInterval, s.recurringIntervalCount, s.anchorDay);
      const rule = await this.currentDiscount(tx, s, start);
      const {
        lines,
        discountAmount: discount,
        carryForward,
        recurringAmount,
      } = renewalLines({
        productName: (await this.deps.products.get(tx.em, s.organizationId, s.productId)).name,
        priceId: s.priceId,
        priceAmount: s.priceAmount,
        period: { start, end },
        discount: rule,
        currency: s.currency,
        carried: s.pendingItems,
        metered,
      });
      const taxable = lines.reduce((sum, line) => sum + line.amount, 0) - discount;
      const tax = this.tax(s, taxable, start);
      Object.assign(s, {
        currentPeriodStart: start,
        currentPeriodEnd: end,
        amount: recurringAmount,
        pendingItems: carryForward ? [{ label: 'Credit carried from the previous renewal', amount: carryForward, priceId: null }] : [],
        modifiedAt: new Date(at),
      });
      const order = await this.deps.orders.create(tx, {
        ...this.orderBase(s, new Date(at)),
        billingReason: afterTrial ? 'subscription_create' : 'subscription_cycle',
        cycleKey,
        items: lines.map((line) => ({ label: line.label, amount: line.amount, productPriceId: line.priceId, proration: line.proration })),
        discountAmount: discount,
        netAmount: s.taxBehavior === 'inclusive' ? taxable - tax : taxable,
        taxAmount: tax,
        description: lines[0].label,
      });
      // A new period began (after a trial too: `status` tells them apart), whatever its payment does next.
      await this.deps.subscriptions.announce(tx, s, ['subscription.cycled', 'subscription.updated']);
      return { orderId: order.id, totalAmount: order.totalAmount };
    });
  }

  /**
   * A subscription ending at the end of its period bills that period's usage first (while its credits still stand): an
   * order of its metered lines (`subscription_meter_cycle`, once: a retried step finds it by its key), charged like a
   * renewal. Null when there is nothing to charge; the meters are reset either way.
   */
  async billFinalUsage(subscriptionId: string, periodEnd: string): Promise<{ orderId: string | null }> {
    const cutOff = await this.meteredCutOff(subscriptionId);
    return inTransaction(this.deps.orm, async (tx) => {
      const s = await this.lock(tx, subscriptionId);
      const cycleKey = `${s.id}:${periodEnd}:usage`;
      const existing = await this.deps.orders.findByCycleKey(tx.em, cycleKey);
      if (existing) return { orderId: existing.id };
      const end = new Date(periodEnd);
      if (s.currentPeriodEnd.getTime() !== end.getTime()) return { orderId: null }; // not the period it ended with
      const metered = await this.closeMeteredPeriod(tx, s, end, cutOff, end);
      const [discount] = s.discountId ? await this.deps.discounts.findByIds(tx.em, s.organizationId, [s.discountId]) : [];
      const bill = finalUsageLines(metered, discount ? discountRule(discount) : null, s.currency);
      if (!bill) return { orderId: null };
      const taxable = bill.lines.reduce((sum, line) => sum + line.amount, 0) - bill.discountAmount;
      const tax = this.tax(s, taxable, end);
      const order = await this.deps.orders.create(tx, {
        ...this.orderBase(s, end),
        billingReason: 'subscription_meter_cycle',
        cycleKey,
        items: bill.lines.map((line) => ({ label: line.label, amount: line.amount, productPriceId: line.priceId, proration: line.proration })),
        discountAmount: bill.discountAmount,
        netAmount: s.taxBehavior === 'inclusive' ? taxable - tax : taxable,
        taxAmount: tax,
        description: bill.lines[0].label,
      });
      return { orderId: order.id };
    });
  }

  /**
   * The ingestion cut-off for a subscription billing usage (taken in its own short transaction, before the renewal's),
   * null for one without metered prices: those renew without waiting on their organization's ingestion.
   */
  async meteredCutOff(subscriptionId: string): Promise<string | null> {
    const em = this.deps.orm.em.fork();
    const s = await em.findOneOrFail(Subscription, { id: subscriptionId });
    return (await this.meteredPrices(em, s)).length ? this.deps.customerMeters.cutOff(this.deps.orm, s.organizationId) : null;
  }

  private async meteredPrices(em: EntityManager, s: Subscription) {
    const [product] = await this.deps.products.outputsByIds(em, s.organizationId, [s.productId]);
    return meteredPricesIn(product?.prices ?? [], s.currency);
  }

  /**
   * The usage of each metered price of the subscription's product (in its currency) over the period ending at `end`,
   * each customer meter reset for the next period.
   */
  /**
   * A plan change that drops metered prices: their usage so far is billed with the next renewal (as pending items,
   * like the change's prorations) and their meters reset, so the new plan neither loses nor bills it.
   */
  async usageLeftBehind(tx: Tx, s: Subscription, newProductId: string, cutOff: string | null, at: Date): Promise<PendingItem[]> {
    if (newProductId === s.productId) return [];
    const [next] = await this.deps.products.outputsByIds(tx.em, s.organizationId, [newProductId]);
    const kept = new Set(meteredPricesIn(next?.prices ?? [], s.currency).map((p) => p.meter_id));
    const usages = await this.closeMeteredPeriod(tx, s, at, cutOff, at, (price) => !kept.has(price.meter_id));
    return usages.map((usage) => meteredLine(usage, s.currency)).flatMap(({ label, amount, priceId }) => (amount > 0 ? [{ label, amount, priceId }] : []));
  }

  private async closeMeteredPeriod(
    tx: Tx,
    s: Subscription,
    end: Date,
    cutOff: string | null,
    at: Date,
    billed: (price: { meter_id: string }) => boolean = () => true,
  ): Promise<MeteredUsage[]> {
    const prices = (await this.meteredPrices(tx.em, s)).filter(billed);
    if (!prices.length) return [];
    // A metered price added since the cut-off was (not) taken: the retried step takes one.
    if (cutOff === null) throw new Error(`Subscription ${s.id}: its product gained a metered price while it renewed; retrying.`);
    const meters = byId(
      await this.deps.meters.findByIds(
        tx.em,
        s.organizationId,
        prices.map((p) => p.meter_id),
      ),
    );
    const [customer] = await this.deps.customers.outputs(tx.em, s.organizationId, [s.customerId]);
    const scope = { customerId: s.customerId, externalCustomerId: customer?.external_id ?? null };
    const usages: MeteredUsage[] = [];
    for (const price of prices) {
      const meter = meters.get(price.meter_id);
      if (!meter) continue;
      const { consumed, credited } = await this.deps.customerMeters.closePeriod(tx, {
        organizationId: s.organizationId,
        customer: scope,
        meter: { id: meter.id, filter: meter.filter, aggregation: meter.aggregation },
        from: s.startedAt ?? s.createdAt,
        periodStart: s.currentPeriodStart,
        end,
        seq: cutOff,
        at,
      });
      usages.push({ priceId: price.id, meterName: meter.name, consumed, credited, unitAmount: price.unit_amount, capAmount: price.cap_amount ?? null });
    }
    return usages;
  }

  /** The discount that applies to a period starting at `start` (first use recorded), dropping one that has run out. */
  private async currentDiscount(tx: Tx, s: Subscription, start: Date): Promise<DiscountRule | null> {
    if (!s.discountId) return null;
    const [discount] = await this.deps.discounts.findByIds(tx.em, s.organizationId, [s.discountId]);
    s.discountAppliedAt ??= start;
    if (!discount || !discountApplies(discount, s.discountAppliedAt, start)) {
      Object.assign(s, { discountId: null, discountAppliedAt: null });
      return null;
    }
    return discountRule(discount);
  }

  /** Tax on a renewal or change at `at`: none where the location is unknown; a net credit gets its tax back. */
  tax(s: Subscription, taxable: number, at: Date): number {
    if (taxable === 0) return 0;
    const customer = { address: s.billingAddress, taxId: s.taxId?.[0] ?? null, isBusiness: s.isBusiness };
    const amount = calculateTax(this.deps.seller, customer, [{ amount: Math.abs(taxable), taxBehavior: s.taxBehavior }], at)?.taxAmount ?? 0;
    return taxable < 0 ? -amount : amount;
  }

  orderBase(s: Subscription, at: Date) {
    return {
      organizationId: s.organizationId,
      subscriptionId: s.id,
      customerId: s.customerId,
      productId: s.productId,
      productPriceId: s.priceId,
      discountId: s.discountId,
      currency: s.currency,
      billingName: s.billingName,
      billingAddress: s.billingAddress,
      tax: { behavior: s.taxBehavior, isBusiness: s.isBusiness },
      seats: s.seats,
      metadata: s.metadata,
      customFieldData: s.customFieldData,
      at,
    };
  }

  /** Charges the order off-session with the subscription's saved method; the key comes from the workflow (order, attempt). */
  async charge(orderId: string, attempt: number): Promise<RenewalCharge> {
    const em = this.deps.orm.em.fork();
    const order = await this.deps.orders.findById(em, orderId);
    if (order.status === 'paid') return { chargeId: order.chargeId }; // a retried step
    if (order.status === 'void') return { declined: 'The order was voided: the subscription ended.', unrecoverable: true };
    if (order.totalAmount <= 0) return { chargeId: null };
    const s = await em.findOneOrFail(Subscription, { id: order.subscriptionId! });
    if (!this.deps.processor || !s.paymentMethodToken || !s.processorCustomerId)
      return { declined: 'No payment method is saved for this subscription.', unrecoverable: true };
    try {
      // A charge the processor settles later stays `pending`: its webhook tells the workflow (see the README).
      const { chargeId, pending } = await this.deps.processor.charge({
        customerId: s.processorCustomerId,
        paymentMethod: s.paymentMethodToken,
        amount: order.totalAmount,
        currency: order.currency,
        idempotencyKey: `order:${order.id}:charge:${attempt}`,
        reference: order.id,
      });
      return pending ? { chargeId, pending, settleWithinMs: this.deps.settlementTimeoutMs } : { chargeId };
    } catch (error) {
      if (error instanceof PaymentDeclined) return { declined: error.message, unrecoverable: isUnrecoverableDecline(error.code) };
      throw error;
    }
  }

  /** A renewal charge that never settled (or whose subscription ended meanwhile): canceled, unless it went through. */
  cancelCharge(orderId: string, chargeId: string): Promise<'canceled' | 'succeeded'> {
    return this.deps.processor!.cancelCharge({ chargeId, idempotencyKey: `order:${orderId}:cancel:${chargeId}` });
  }

  /** Compensation: the whole of a renewal charge that went through for an order voided meanwhile is given back. */
  async refundCharge(orderId: string, chargeId: string): Promise<'refunded' | 'refused'> {
    const order = await this.deps.orders.findById(this.deps.orm.em.fork(), orderId);
    try {
      await this.deps.processor!.refund({ chargeId, amount: order.totalAmount, idempotencyKey: `order:${orderId}:compensation:${chargeId}` });
      return 'refunded';
    } catch (error) {
      if (!(error instanceof RefundDeclined)) throw error;
      console.error(`order ${orderId}: the processor refused to refund charge ${chargeId}: ${error.message}`);
      return 'refused';
    }
  }

  /** The order is paid (order.updated, order.paid), then the subscription is active again or for the first time. */
  async paid(orderId: string, chargeId: string | null, at: string): Promise<SubscriptionSchedule> {
    return inTransaction(this.deps.orm, async (tx) => {
      const { order, paidNow } = await this.deps.orders.markPaid(tx, orderId, chargeId, new Date(at));
      const s = paidNow ? await this.orderPaid(tx, order, new Date(at)) : await this.lock(tx, order.subscriptionId!);
      return this.scheduleOf(tx, s);
    });
  }

  /**
   * A subscription's order was paid: a first payment (`subscription_create`) or a recovery from `past_due` makes the
   * subscription active, with subscription.updated and subscription.active after order.paid (the spec's rule).
   */
  async orderPaid(tx: Tx, order: Order, at: Date): Promise<Subscription> {
    const s = await this.lock(tx, order.subscriptionId!);
    const activates = order.billingReason === 'subscription_create' || s.status === 'past_due' || s.status === 'trialing';
    if (!activates || s.status === 'canceled') return s;
    Object.assign(s, { status: 'active', pastDueAt: null, modifiedAt: at });
    await tx.em.flush();
    await this.deps.subscriptions.announce(tx, s, ['subscription.updated', 'subscription.active']);
    return s;
  }

  /** A renewal payment failed: `past_due` (subscription.past_due the first time) and the order's next retry. */
  async failed(subscriptionId: string, orderId: string, nextAttemptAt: string | null, at: string): Promise<SubscriptionSchedule> {
    return inTransaction(this.deps.orm, async (tx) => {
      const s = await this.lock(tx, subscriptionId);
      await this.deps.orders.scheduleRetry(tx, orderId, nextAttemptAt ? new Date(nextAttemptAt) : null, new Date(at));
      if (s.status !== 'past_due' && s.status !== 'canceled') {
        Object.assign(s, { status: 'past_due', pastDueAt: new Date(at), modifiedAt: new Date(at) });
        await tx.em.flush();
        await this.deps.subscriptions.announce(tx, s, ['subscription.updated', 'subscription.past_due']);
      }
      return this.scheduleOf(tx, s);
    });
  }

  /**
   * Ends the subscription now (`canceled`, `ended_at`): at the end of a period it was set to cancel at, on revoke, or
   * when dunning gave up. Pending orders are voided. Events: subscription.updated, .canceled, .revoked.
   */
  async end(subscriptionId: string, at: string): Promise<SubscriptionSchedule> {
    return inTransaction(this.deps.orm, async (tx) => {
      const s = await this.lock(tx, subscriptionId);
      await this.endLocked(tx, s, new Date(at));
      return this.scheduleOf(tx, s);
    });
  }

  /** `end` on a row the caller has locked (a revoke records its reason with it). */
  async endLocked(tx: Tx, s: Subscription, now: Date, reason?: { reason: CancellationReason | null; comment: string | null }): Promise<void> {
    if (s.status === 'canceled') return;
    Object.assign(s, { status: 'canceled', endedAt: now, endsAt: now, canceledAt: s.canceledAt ?? now, modifiedAt: now });
    if (reason) Object.assign(s, { customerCancellationReason: reason.reason, customerCancellationComment: reason.comment });
    await tx.em.flush();
    await this.deps.orders.voidPending(tx, s.id, now);
    await this.deps.subscriptions.announce(tx, s, ['subscription.updated', 'subscription.canceled', 'subscription.revoked']);
  }

  lock(tx: Tx, id: string): Promise<Subscription> {
    return tx.em.findOneOrFail(Subscription, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}
