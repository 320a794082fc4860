// Lifecycle commands, run by the subscription's workflow (its Updates) so they never race a renewal: cancel at
// period end, uncancel, revoke now, clear a scheduled change, and plan, seat or discount changes with proration.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PaymentDeclined, type PaymentProcessor } from '../../adapters/payment/payment-processor';
import { subscriptionCommandUpdate, subscriptionWorkflowId } from '../../../workflows/definitions';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import { invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { ProductService } from '../catalog';
import { discountRefusal, type Discount, type DiscountService } from '../discount';
import type { OrderService } from '../order';
import { lockSubscription, type BillingDeps } from './billing-deps';
import { endLocked } from './end-subscription';
import { meteredCutOff, usageLeftBehind } from './metered-usage';
import { Subscription, type CancellationReason, type PendingItem } from './subscription.entity';
import { PaymentFailed, refusalError, SUBSCRIPTION_ERRORS } from './subscription.errors';
import { subscriptionOrder, subscriptionTax } from './subscription-order';
import { discountOff, prorationLines } from './prorate-plan-change';
import { planChangeTarget, type PlanTarget } from './plan-change.logic';
import { commandRefusal } from './subscription-command.logic';
import type { SubscriptionCommand } from './subscription.logic';
import type { SubscriptionService } from './subscription.service';

export interface CommandDeps {
  orm: MikroORM;
  processor: PaymentProcessor | null;
  flows: FlowClient;
  subscriptions: SubscriptionService;
  billing: BillingDeps;
  orders: OrderService;
  discounts: DiscountService;
  products: ProductService;
}

type Change = Extract<SubscriptionCommand, { kind: 'change' }>;

export class SubscriptionCommandService {
  constructor(private readonly deps: CommandDeps) {}

  /**
   * Sends a command to the subscription's workflow (an Update, run between renewals) and answers the subscription
   * after it. With `X-Idempotency-Key` the key is the Update's id, which the workflow records with the change: a
   * retried request changes (and charges) nothing more.
   */
  async send(
    organizationId: string,
    id: string,
    command: SubscriptionCommand,
    idempotencyKey?: string,
  ): Promise<SubscriptionOutput> {
    const em = this.deps.orm.em.fork();
    const subscription = await this.deps.subscriptions.get(em, organizationId, id);
    const updateId = idempotencyKey && `request:${idempotencyKey}`;
    if (updateId && subscription.lastCommandKey === updateId)
      return (await this.deps.subscriptions.outputs(em, [subscription]))[0];
    const refusal = commandRefusal(subscription, command); // the workflow of an ended subscription is gone: answer here
    if (refusal) throw refusalError(refusal);
    await this.deps.flows.update(subscriptionWorkflowId(id), subscriptionCommandUpdate, [command], {
      ...(updateId && { updateId }),
      errors: SUBSCRIPTION_ERRORS,
      notStarted: 'This subscription is still being set up; try again in a moment.',
    });
    const fresh = this.deps.orm.em.fork();
    return (
      await this.deps.subscriptions.outputs(fresh, [await this.deps.subscriptions.get(fresh, organizationId, id)])
    )[0];
  }

  /**
   * Applies one command at `at`. `key` (from the workflow: the Update's id) is recorded with the change, so a step
   * retried after its change committed finds it done, and keys the charge of an invoiced change.
   */
  async apply(subscriptionId: string, command: SubscriptionCommand, at: string, key: string): Promise<void> {
    const now = new Date(at);
    if (command.kind === 'change') return this.change(subscriptionId, command, now, key);
    await inTransaction(this.deps.orm, async (tx) => {
      const s = await lockSubscription(tx, subscriptionId);
      if (s.lastCommandKey === key) return;
      this.assertLegal(s, command);
      s.lastCommandKey = key;
      if (command.kind === 'revoke') {
        await endLocked(this.deps, tx, s, now, {
          reason: command.reason as CancellationReason | null,
          comment: command.comment,
        });
        return;
      }
      if (command.kind === 'cancel') {
        Object.assign(s, {
          cancelAtPeriodEnd: true,
          canceledAt: now,
          endsAt: s.currentPeriodEnd,
          customerCancellationReason: command.reason,
          customerCancellationComment: command.comment,
        });
      } else if (command.kind === 'uncancel') {
        Object.assign(s, {
          cancelAtPeriodEnd: false,
          canceledAt: null,
          endsAt: null,
          customerCancellationReason: null,
          customerCancellationComment: null,
        });
      } else {
        s.pendingUpdate = null;
      }
      s.modifiedAt = now;
      await tx.em.flush();
      const specific =
        command.kind === 'cancel'
          ? ['subscription.canceled' as const]
          : command.kind === 'uncancel'
            ? ['subscription.uncanceled' as const]
            : [];
      await this.deps.subscriptions.announce(tx, s, ['subscription.updated', ...specific]);
    });
  }

  private assertLegal(s: Subscription, command: SubscriptionCommand): void {
    const refusal = commandRefusal(s, command);
    if (refusal) throw refusalError(refusal);
  }

  /**
   * A product, seat or discount change. `next_period` schedules it for the renewal; `prorate` applies it now and
   * bills the credit for unused time and the charge for the rest of the period with the next renewal; `invoice`
   * charges that difference now and changes nothing if the charge fails (402). Trials are never prorated.
   */
  private async change(subscriptionId: string, command: Change, at: Date, key: string): Promise<void> {
    const cycleKey = `${subscriptionId}:change:${key}`;
    const cutOff = await meteredCutOff(this.deps.billing, subscriptionId); // for the usage of metered prices a new product drops
    const invoice = await inTransaction(this.deps.orm, async (tx) => {
      const s = await lockSubscription(tx, subscriptionId);
      if (s.lastCommandKey === key) return null; // a retried step: the change was made
      this.assertLegal(s, command);
      const target = await this.target(tx.em, s, command);
      const discount = await this.discountAfter(tx.em, s, command, target.productId, at);
      const changesPlan = target.priceId !== s.priceId || target.seats !== s.seats;
      const lines =
        changesPlan && s.status !== 'trialing' && command.proration !== 'next_period'
          ? await prorationLines(this.deps, tx.em, s, target, discount, at)
          : [];
      const net = lines.reduce((sum, line) => sum + line.amount, 0);
      if (command.proration === 'invoice' && net > 0)
        return { lines, net, tax: subscriptionTax(this.deps.billing.seller, s, net, at), target, discount }; // nothing changes before the charge

      s.lastCommandKey = key;
      this.keepDiscount(s, command, discount);
      if (changesPlan && command.proration === 'next_period' && s.status !== 'trialing') {
        s.pendingUpdate = {
          id: newId(),
          ...pick(target),
          appliesAt: s.currentPeriodEnd.toISOString(),
          createdAt: at.toISOString(),
        };
        return this.saved(tx, s, at, []);
      }
      const usage =
        s.status === 'trialing' ? [] : await usageLeftBehind(this.deps.billing, tx, s, target.productId, cutOff, at);
      this.switchTo(s, target, discount);
      return this.saved(tx, s, at, [...lines, ...usage]);
    });
    if (!invoice) return;

    const s = await this.deps.orm.em.fork().findOneOrFail(Subscription, { id: subscriptionId });
    const total = s.taxBehavior === 'inclusive' ? invoice.net : invoice.net + invoice.tax;
    let chargeId: string;
    try {
      if (!this.deps.processor || !s.paymentMethodToken || !s.processorCustomerId)
        throw new PaymentDeclined('card_declined', 'No payment method is saved for this subscription.');
      const charged = await this.deps.processor.charge({
        customerId: s.processorCustomerId,
        paymentMethod: s.paymentMethodToken,
        amount: total,
        currency: s.currency,
        idempotencyKey: `subscription:${cycleKey}`,
        reference: subscriptionId,
      });
      // A change charged now is paid now: one the processor would settle later is canceled there (and made only if
      // it went through meanwhile), so that no charge stands for a change that was not made.
      if (
        charged.pending &&
        (await this.deps.processor.cancelCharge({
          chargeId: charged.chargeId,
          idempotencyKey: `subscription:${cycleKey}:cancel`,
        })) !== 'succeeded'
      )
        throw new PaymentDeclined('card_declined', 'the payment could not be completed at once');
      chargeId = charged.chargeId;
    } catch (error) {
      if (error instanceof PaymentDeclined)
        throw new PaymentFailed(`The change was not made: the payment failed (${error.message}).`);
      throw error;
    }
    await inTransaction(this.deps.orm, async (tx) => {
      const locked = await lockSubscription(tx, subscriptionId);
      locked.lastCommandKey = key;
      this.keepDiscount(locked, command, invoice.discount);
      locked.pendingItems = [
        ...locked.pendingItems,
        ...(await usageLeftBehind(this.deps.billing, tx, locked, invoice.target.productId, cutOff, at)),
      ];
      this.switchTo(locked, invoice.target, invoice.discount);
      locked.modifiedAt = at;
      const order = await this.deps.orders.create(
        tx,
        subscriptionOrder(this.deps.billing.seller, locked, {
          billingReason: 'subscription_update',
          cycleKey,
          lines: invoice.lines.map((line) => ({ ...line, proration: true })),
          discountAmount: 0,
          description: `${invoice.target.name} — plan change`,
          at,
          tax: invoice.tax, // the tax charged above
        }),
      );
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

  private switchTo(s: Subscription, target: PlanTarget, discount: Discount | null): void {
    Object.assign(s, {
      ...pick(target),
      amount: target.priceAmount - discountOff(discount, target.priceAmount, s.currency),
      pendingUpdate: null,
    });
  }

  /** The plan after the change (`planChangeTarget`), from the product it names and the subscription's current price. */
  private async target(em: EntityManager, s: Subscription, command: Change): Promise<PlanTarget> {
    const [product] = await this.deps.products.outputsByIds(em, s.organizationId, [command.productId ?? s.productId]);
    const [currentPrice] = await this.deps.products.priceOutputs(em, s.organizationId, [s.priceId]);
    return planChangeTarget(s, product, currentPrice, command);
  }

  /** The discount after the change: kept, removed (`null`), or another one that applies to the new product. */
  private async discountAfter(
    em: EntityManager,
    s: Subscription,
    command: Change,
    productId: string,
    at: Date,
  ): Promise<Discount | null> {
    const id = command.discountId === undefined ? s.discountId : command.discountId;
    if (!id) return null;
    const [discount] = await this.deps.discounts.findByIds(em, s.organizationId, [id]);
    if (command.discountId === undefined) return discount ?? null;
    if (!discount || discount.deletedAt)
      throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
    const refusal = discountRefusal(discount, productId, s.currency, at);
    if (refusal) throw invalidField(['body', 'discount_id'], refusal);
    return discount;
  }
}

const pick = ({ productId, priceId, priceAmount, seats }: PlanTarget) => ({ productId, priceId, priceAmount, seats });
