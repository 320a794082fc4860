// Lifecycle commands, run by the subscription's workflow (its Updates) so they never race a renewal: cancel at
// period end, uncancel, revoke now, clear a scheduled change, and plan, seat or discount changes with proration.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PaymentDeclined, type PaymentProcessor } from '../../adapters/payment/payment-processor';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput } from '../../contracts/product';
import { inTransaction, type Tx } from '../../app/transaction';
import { invalidField, PaymentFailed, reportedError } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { changeProration, discountAmount, seatsPrice } from '../../kernel/money';
import { discountRule, type Discount, type DiscountService } from '../discount';
import type { OrderService } from '../order';
import type { SubscriptionBillingService } from './subscription-billing.service';
import { Subscription, type CancellationReason, type PendingItem } from './subscription.entity';
import { commandRefusal, periodLabel, type SubscriptionCommand } from './subscription.logic';
import type { SubscriptionService } from './subscription.service';

export interface CommandDeps {
  orm: MikroORM;
  processor: PaymentProcessor | null;
  subscriptions: SubscriptionService;
  billing: SubscriptionBillingService;
  orders: OrderService;
  discounts: DiscountService;
  products(em: EntityManager, organizationId: string, ids: string[]): Promise<ProductOutput[]>;
  prices(em: EntityManager, organizationId: string, ids: string[]): Promise<PriceOutput[]>;
  /** Whether the discount can apply to this product and currency now (null) or why not. */
  discountRefusal(discount: Discount, productId: string, currency: string, at: Date): string | null;
}

type Change = Extract<SubscriptionCommand, { kind: 'change' }>;

/** What the subscription will bill after a change. */
interface Target {
  productId: string;
  priceId: string;
  priceAmount: number;
  seats: number | null;
  name: string;
}

export class SubscriptionCommandService {
  constructor(private readonly deps: CommandDeps) {}

  /**
   * Applies one command at `at`. `key` (from the workflow: the Update's id) is recorded with the change, so a step
   * retried after its change committed finds it done, and keys the charge of an invoiced change.
   */
  async apply(subscriptionId: string, command: SubscriptionCommand, at: string, key: string): Promise<void> {
    const now = new Date(at);
    if (command.kind === 'change') return this.change(subscriptionId, command, now, key);
    await inTransaction(this.deps.orm, async (tx) => {
      const s = await this.deps.billing.lock(tx, subscriptionId);
      if (s.lastCommandKey === key) return;
      this.assertLegal(s, command);
      s.lastCommandKey = key;
      if (command.kind === 'revoke') {
        await this.deps.billing.endLocked(tx, s, now, { reason: command.reason as CancellationReason | null, comment: command.comment });
        return;
      }
      if (command.kind === 'cancel') {
        Object.assign(s, { cancelAtPeriodEnd: true, canceledAt: now, endsAt: s.currentPeriodEnd, customerCancellationReason: command.reason, customerCancellationComment: command.comment });
      } else if (command.kind === 'uncancel') {
        Object.assign(s, { cancelAtPeriodEnd: false, canceledAt: null, endsAt: null, customerCancellationReason: null, customerCancellationComment: null });
      } else {
        s.pendingUpdate = null;
      }
      s.modifiedAt = now;
      await tx.em.flush();
      const specific = command.kind === 'cancel' ? ['subscription.canceled' as const] : command.kind === 'uncancel' ? ['subscription.uncanceled' as const] : [];
      await this.deps.subscriptions.announce(tx, s, ['subscription.updated', ...specific]);
    });
  }

  private assertLegal(s: Subscription, command: SubscriptionCommand): void {
    const refusal = commandRefusal(s, command);
    if (refusal) throw reportedError(refusal.type, refusal.message, null)!;
  }

  /**
   * A product, seat or discount change. `next_period` schedules it for the renewal; `prorate` applies it now and
   * bills the credit for unused time and the charge for the rest of the period with the next renewal; `invoice`
   * charges that difference now and changes nothing if the charge fails (402). Trials are never prorated.
   */
  private async change(subscriptionId: string, command: Change, at: Date, key: string): Promise<void> {
    const cycleKey = `${subscriptionId}:change:${key}`;
    const invoice = await inTransaction(this.deps.orm, async (tx) => {
      const s = await this.deps.billing.lock(tx, subscriptionId);
      if (s.lastCommandKey === key) return null; // a retried step: the change was made
      this.assertLegal(s, command);
      const target = await this.target(tx.em, s, command);
      const discount = await this.discountAfter(tx.em, s, command, target.productId, at);
      const changesPlan = target.priceId !== s.priceId || target.seats !== s.seats;
      const lines = changesPlan && s.status !== 'trialing' && command.proration !== 'next_period' ? await this.prorationLines(tx.em, s, target, discount, at) : [];
      const net = lines.reduce((sum, line) => sum + line.amount, 0);
      if (command.proration === 'invoice' && net > 0) return { lines, net, tax: this.deps.billing.tax(s, net, at), target, discount }; // nothing changes before the charge

      s.lastCommandKey = key;
      this.keepDiscount(s, command, discount);
      if (changesPlan && command.proration === 'next_period' && s.status !== 'trialing') {
        s.pendingUpdate = { id: newId(), ...pick(target), appliesAt: s.currentPeriodEnd.toISOString(), createdAt: at.toISOString() };
        return this.saved(tx, s, at, []);
      }
      this.switchTo(s, target, discount);
      return this.saved(tx, s, at, lines);
    });
    if (!invoice) return;

    const s = await this.deps.orm.em.fork().findOneOrFail(Subscription, { id: subscriptionId });
    const total = s.taxBehavior === 'inclusive' ? invoice.net : invoice.net + invoice.tax;
    let chargeId: string;
    try {
      if (!this.deps.processor || !s.paymentMethodToken || !s.processorCustomerId) throw new PaymentDeclined('card_declined', 'No payment method is saved for this subscription.');
      ({ chargeId } = await this.deps.processor.charge({ customerId: s.processorCustomerId, paymentMethod: s.paymentMethodToken, amount: total, currency: s.currency, idempotencyKey: `subscription:${cycleKey}`, reference: subscriptionId }));
    } catch (error) {
      if (error instanceof PaymentDeclined) throw new PaymentFailed(`The change was not made: the payment failed (${error.message}).`);
      throw error;
    }
    await inTransaction(this.deps.orm, async (tx) => {
      const locked = await this.deps.billing.lock(tx, subscriptionId);
      locked.lastCommandKey = key;
      this.keepDiscount(locked, command, invoice.discount);
      this.switchTo(locked, invoice.target, invoice.discount);
      locked.modifiedAt = at;
      const order = await this.deps.orders.create(tx, {
        ...this.deps.billing.orderBase(locked, at),
        billingReason: 'subscription_update',
        cycleKey,
        items: invoice.lines.map((line) => ({ label: line.label, amount: line.amount, productPriceId: line.priceId, proration: true })),
        discountAmount: 0,
        netAmount: s.taxBehavior === 'inclusive' ? invoice.net - invoice.tax : invoice.net,
        taxAmount: invoice.tax,
        description: `${invoice.target.name} — plan change`,
      });
      await this.deps.orders.markPaid(tx, order.id, chargeId, at);
      await this.deps.subscriptions.announce(tx, locked, ['subscription.updated']);
    });
  }

  /** Saves a change billed later (or not at all): prorations join the next renewal. */
  private async saved(tx: Tx, s: Subscription, at: Date, lines: PendingItem[]): Promise<null> {
    s.pendingItems = [...s.pendingItems, ...lines];
    s.modifiedAt = at;
    await tx.em.flush();
    await this.deps.subscriptions.announce(tx, s, ['subscription.updated']);
    return null;
  }

  /** A new discount counts its duration from the next billed period; sending the current one changes nothing. */
  private keepDiscount(s: Subscription, command: Change, discount: Discount | null): void {
    if (command.discountId === undefined || (discount?.id ?? null) === s.discountId) return;
    Object.assign(s, { discountId: discount?.id ?? null, discountAppliedAt: null });
  }

  private switchTo(s: Subscription, target: Target, discount: Discount | null): void {
    Object.assign(s, { ...pick(target), amount: target.priceAmount - discountOff(discount, target.priceAmount, s.currency), pendingUpdate: null });
  }

  /** Credit for the unused time of the current plan and charge for the rest of the period on the new one, after discount. */
  private async prorationLines(em: EntityManager, s: Subscription, target: Target, discount: Discount | null, at: Date): Promise<PendingItem[]> {
    const [current] = await this.deps.products(em, s.organizationId, [s.productId]);
    const [currentDiscount] = s.discountId ? await this.deps.discounts.findByIds(em, s.organizationId, [s.discountId]) : [];
    const before = s.priceAmount - discountOff(currentDiscount ?? null, s.priceAmount, s.currency);
    const after = target.priceAmount - discountOff(discount, target.priceAmount, s.currency);
    const { credit, debit } = changeProration(before, after, { start: s.currentPeriodStart, end: s.currentPeriodEnd }, at);
    const rest = periodLabel(at, s.currentPeriodEnd);
    return [
      { label: `Remaining time on ${current.name}${seatsLabel(s.seats)} — ${rest}`, amount: credit, priceId: s.priceId },
      { label: `${target.name}${seatsLabel(target.seats)} — ${rest}`, amount: debit, priceId: target.priceId },
    ].filter((line) => line.amount !== 0);
  }

  /** The plan after the change: another product's price in the subscription's currency and interval, or other seats. */
  private async target(em: EntityManager, s: Subscription, command: Change): Promise<Target> {
    const productId = command.productId ?? s.productId;
    const [product] = await this.deps.products(em, s.organizationId, [productId]);
    if (!product || product.is_archived) throw invalidField(['body', 'product_id'], 'No such product in this organization.');
    if (!product.is_recurring || product.recurring_interval !== s.recurringInterval || product.recurring_interval_count !== s.recurringIntervalCount) {
      throw invalidField(['body', 'product_id'], `The new product must renew every ${s.recurringIntervalCount} ${s.recurringInterval}(s), like the subscription.`);
    }
    const price =
      productId === s.productId
        ? (await this.deps.prices(em, s.organizationId, [s.priceId]))[0]
        : product.prices.find((p) => p.price_currency === s.currency && !p.is_archived && p.amount_type !== 'metered_unit');
    if (!price) throw invalidField(['body', 'product_id'], `The product has no price in ${s.currency.toUpperCase()}.`);
    if (price.amount_type === 'seat_based') {
      const seats = command.seats ?? s.seats ?? price.seat_tiers.minimum_seats;
      const { tiers, seat_tier_type, minimum_seats, maximum_seats } = price.seat_tiers;
      const amount = seatsPrice(tiers, seats, seat_tier_type);
      if (amount === null || seats < minimum_seats || (maximum_seats !== null && seats > maximum_seats)) {
        throw invalidField(['body', 'seats'], `Seats must be between ${minimum_seats} and ${maximum_seats ?? 'any number'}.`);
      }
      return { productId, priceId: price.id, priceAmount: amount, seats, name: product.name };
    }
    if (command.seats !== undefined) throw invalidField(['body', 'seats'], 'Seats apply only to seat-based prices.');
    if (price.amount_type === 'fixed') return { productId, priceId: price.id, priceAmount: price.price_amount, seats: null, name: product.name };
    if (productId === s.productId) return { productId, priceId: s.priceId, priceAmount: s.priceAmount, seats: s.seats, name: product.name };
    throw invalidField(['body', 'product_id'], 'Subscriptions can move only to fixed, free or seat-based prices.');
  }

  /** The discount after the change: kept, removed (`null`), or another one that applies to the new product. */
  private async discountAfter(em: EntityManager, s: Subscription, command: Change, productId: string, at: Date): Promise<Discount | null> {
    const id = command.discountId === undefined ? s.discountId : command.discountId;
    if (!id) return null;
    const [discount] = await this.deps.discounts.findByIds(em, s.organizationId, [id]);
    if (command.discountId === undefined) return discount ?? null;
    if (!discount || discount.deletedAt) throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
    const refusal = this.deps.discountRefusal(discount, productId, s.currency, at);
    if (refusal) throw invalidField(['body', 'discount_id'], refusal);
    return discount;
  }
}

const pick = ({ productId, priceId, priceAmount, seats }: Target) => ({ productId, priceId, priceAmount, seats });
const seatsLabel = (seats: number | null) => (seats === null ? '' : ` (${seats} seat${seats === 1 ? '' : 's'})`);

/** What the discount, if any, takes off `amount`. */
const discountOff = (discount: Discount | null, amount: number, currency: string) => discountAmount(discount && discountRule(discount), amount, currency);
