// The steps of the checkout workflow, each one transaction: confirm, charge, reopen after a decline, complete, expire.
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CheckoutConfirm } from '../../contracts/checkout';
import type { PaymentProcessor } from '../../adapters/payment/payment-processor';
import { PaymentDeclined, RefundDeclined } from '../../adapters/payment/payment-processor';
import type { Product as ProductOutput } from '../../contracts/product';
import type { Clock } from '../../kernel/clock';
import { Conflict, RequestValidationError, type ValidationIssue } from '../../kernel/errors';
import { truncate } from '../../kernel/text';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { OutboxService } from '../../platform/outbox';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import type { Order, OrderService } from '../order';
import type { NewSubscription, SubscriptionService } from '../subscription';
import { Checkout } from './checkout.entity';
import { ExpiredCheckoutError, NotOpenCheckout, PaymentError } from './checkout.errors';
import type { CheckoutService } from './checkout.service';

export interface FlowDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  checkouts: CheckoutService;
  customers: CustomerService;
  orders: OrderService;
  discounts: DiscountService;
  /** A recurring product's checkout starts a subscription (and its workflow). */
  subscriptions: SubscriptionService;
  processor: PaymentProcessor | null;
  /** How long the workflow waits for the processor to settle a charge it reported as processing (unset: the default). */
  settlementTimeoutMs?: number;
}

/** Marks an order paid inside the caller's transaction (the order domain's rule, with what a first payment starts). */
export type OrderPayment = (tx: Tx, orderId: string, chargeId: string | null) => Promise<void>;

/** Charged (`pending` when the processor settles it later, within `settleWithinMs`), or declined with the reason to show. */
export type ChargeOutcome = { chargeId: string | null; pending?: boolean; settleWithinMs?: number } | { declined: string };

export class CheckoutFlowService {
  constructor(private readonly deps: FlowDeps) {}

  /**
   * Applies the customer's last changes, checks everything a payment needs, matches or creates the customer, saves
   * the payment method: `confirmed`. Processor calls happen between two short transactions, never inside one, so a
   * confirmation holds one database connection at a time.
   */
  async confirm(checkoutId: string, body: CheckoutConfirm, attempt: number): Promise<void> {
    const first = await inTransaction(this.deps.orm, async (tx) => {
      const checkout = await this.lock(tx, checkoutId);
      if (this.alreadyConfirmed(checkout, attempt)) return null;
      await this.assertOpen(tx, checkout);
      await this.deps.checkouts.update(tx, checkout, body);
      const needed = checkout.totalAmount > 0;
      const issues = requiredData(checkout, needed, body.confirmation_token_id);
      if (issues.length) throw new RequestValidationError(issues);
      this.deps.checkouts.checkCustomFields(checkout, await this.deps.checkouts.products(tx.em, checkout.organizationId, [checkout.productId]), true);
      // Refused inside the transaction that applied the body, before the customer is written: the refusal changes nothing.
      if (needed && !this.deps.processor) throw new PaymentError('No payment processor is configured for this environment.');
      const { customer, created } = await this.deps.customers.findOrCreate(tx, checkout.organizationId, {
        email: checkout.customerEmail!,
        externalId: checkout.externalCustomerId,
        name: checkout.customerName,
        billingName: checkout.customerBillingName,
        billingAddress: checkout.customerBillingAddress,
        taxId: this.deps.checkouts.checkedTaxId(checkout),
        metadata: checkout.customerMetadata,
        testClockId: checkout.testClockId,
      });
      // The buyer gets a portal session for a customer this checkout created, or the one the merchant named in it.
      checkout.customerSessionAllowed = created || (checkout.customerSessionAllowed && checkout.customerId === customer.id);
      checkout.customerId = customer.id;
      await tx.em.flush();
      return {
        customer: { id: customer.id, email: customer.email, name: customer.name },
        paymentNeeded: needed,
        checked: { total: checkout.totalAmount, modifiedAt: checkout.modifiedAt?.getTime() },
      };
    });
    if (!first) return; // a retry of a confirmation that already went through
    const { customer, paymentNeeded, checked } = first;

    let saved: { processorCustomerId: string; paymentMethodToken: string; paymentMethodType: string } | null = null;
    const processor = paymentNeeded ? this.deps.processor : null;
    if (processor) {
      const processorCustomer = await processor.createCustomer({
        email: customer.email,
        name: customer.name,
        idempotencyKey: `customer:${customer.id}`,
      });
      const method = await processor
        .savePaymentMethod({
          customerId: processorCustomer.customerId,
          confirmationToken: body.confirmation_token_id!,
          idempotencyKey: `checkout:${checkoutId}:method:${attempt}`,
        })
        .catch((error) => Promise.reject(error instanceof PaymentDeclined ? new PaymentError(error.message) : error));
      saved = { processorCustomerId: processorCustomer.customerId, paymentMethodToken: method.token, paymentMethodType: method.type };
    }

    await inTransaction(this.deps.orm, async (tx) => {
      const checkout = await this.lock(tx, checkoutId);
      if (this.alreadyConfirmed(checkout, attempt)) return;
      await this.assertOpen(tx, checkout);
      if (checkout.totalAmount !== checked.total || checkout.modifiedAt?.getTime() !== checked.modifiedAt) {
        throw new Conflict('The checkout changed while it was being confirmed; confirm it again.');
      }
      if (checkout.discountId && !(await this.deps.discounts.redeem(tx.em, checkout.discountId))) {
        throw new RequestValidationError([{ loc: ['body', 'discount_code'], msg: 'This discount is no longer redeemable.', type: 'value_error' }]);
      }
      const confirmedAt = await this.deps.checkouts.now(tx.em, checkout);
      Object.assign(checkout, {
        ...saved,
        status: 'confirmed',
        confirmationAttempt: attempt,
        confirmedAt,
        paymentError: null,
        modifiedAt: this.deps.clock.now(),
      });
      await tx.em.flush();
      this.deps.outbox.enqueueEvent(tx, checkout.organizationId, 'checkout.updated', await this.deps.checkouts.output(tx.em, checkout));
    });
  }

  private lock(tx: Tx, checkoutId: string): Promise<Checkout> {
    return tx.em.findOneOrFail(Checkout, { id: checkoutId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The activity retried after its confirmation had already committed (its first outcome was lost). */
  private alreadyConfirmed(checkout: Checkout, attempt: number): boolean {
    return checkout.status === 'confirmed' && checkout.confirmationAttempt === attempt;
  }

  private async assertOpen(tx: Tx, checkout: Checkout): Promise<void> {
    if (checkout.status !== 'open') throw new NotOpenCheckout('This checkout is not open.');
    if (checkout.expiresAt <= (await this.deps.checkouts.now(tx.em, checkout))) throw new ExpiredCheckoutError('This checkout has expired.');
  }

  /** Charges the total once per confirmation (the key comes from the workflow); a decline is an outcome, not an error. */
  async charge(checkoutId: string, attempt: number): Promise<ChargeOutcome> {
    const checkout = await this.deps.orm.em.fork().findOneOrFail(Checkout, { id: checkoutId });
    if (checkout.totalAmount === 0 || checkout.trialEnd) return { chargeId: null }; // a trial is charged when it ends
    try {
      const charged = await this.deps.processor!.charge({
        customerId: checkout.processorCustomerId!,
        paymentMethod: checkout.paymentMethodToken!,
        amount: checkout.totalAmount,
        currency: checkout.currency,
        idempotencyKey: `checkout:${checkout.id}:charge:${attempt}`,
        reference: checkout.id,
      });
      return charged.pending ? { ...charged, settleWithinMs: this.deps.settlementTimeoutMs } : charged;
    } catch (error) {
      if (error instanceof PaymentDeclined) return { declined: error.message };
      throw error;
    }
  }

  /** A charge still processing when the wait for its settlement ended: canceled, unless it went through meanwhile. */
  cancelCharge(checkoutId: string, chargeId: string): Promise<'canceled' | 'succeeded'> {
    return this.deps.processor!.cancelCharge({ chargeId, idempotencyKey: `checkout:${checkoutId}:cancel:${chargeId}` });
  }

  /**
   * Compensation: the whole charge given back, when the checkout could not complete after it went through —
   * unless an attempt whose answer was lost did complete it (`completed`: the order stands, the charge with it). A
   * refund the processor refuses (`refused`) is reported, not retried for ever.
   */
  async refundCharge(checkoutId: string, chargeId: string): Promise<'refunded' | 'completed' | 'refused'> {
    const checkout = await this.deps.orm.em.fork().findOneOrFail(Checkout, { id: checkoutId });
    if (checkout.status === 'succeeded') return 'completed';
    try {
      await this.deps.processor!.refund({ chargeId, amount: checkout.totalAmount, idempotencyKey: `checkout:${checkoutId}:compensation:${chargeId}` });
      return 'refunded';
    } catch (error) {
      if (!(error instanceof RefundDeclined)) throw error;
      console.error(`checkout ${checkoutId}: the processor refused to refund charge ${chargeId}: ${error.message}`);
      return 'refused';
    }
  }

  /** After a decline: back to `open`, the error shown, the discount redemption given back. */
  async reopen(checkoutId: string, reason: string): Promise<void> {
    await this.transition(checkoutId, 'confirmed', async (tx, checkout) => {
      if (checkout.discountId) await this.deps.discounts.release(tx.em, checkout.discountId);
      Object.assign(checkout, { status: 'open', paymentError: reason });
    });
  }

  /**
   * Payment done (or none due): the checkout `succeeded`, a recurring product's subscription starts, and the pending
   * order is written with its workflow started — except during a trial, which is billed when it ends. With `payOrder`
   * the order is marked paid in the same transaction, its events after the checkout's (as when its workflow did it).
   */
  async complete(checkoutId: string, chargeId: string | null, payOrder?: OrderPayment): Promise<void> {
    let written: Order | null = null;
    const paid = async (tx: Tx) => {
      if (written && payOrder) await payOrder(tx, written.id, chargeId);
    };
    await this.transition(
      checkoutId,
      'confirmed',
      async (tx, checkout) => {
        const [product] = await this.deps.checkouts.products(tx.em, checkout.organizationId, [checkout.productId]);
        // The purchase happened at confirmation: a test clock may have moved on while the payment went through.
        const at = checkout.confirmedAt ?? (await this.deps.checkouts.now(tx.em, checkout));
        const subscription = product.is_recurring ? await this.deps.subscriptions.createFromCheckout(tx, this.subscriptionOf(checkout, product, at)) : null;
        checkout.status = 'succeeded';
        checkout.subscriptionId = subscription?.id ?? null;
        if (checkout.trialEnd) return;
        const order = await this.deps.orders.create(tx, {
          organizationId: checkout.organizationId,
          billingReason: subscription ? 'subscription_create' : 'purchase',
          checkoutId: checkout.id,
          subscriptionId: subscription?.id ?? null,
          customerId: checkout.customerId!,
          productId: checkout.productId,
          productPriceId: checkout.productPriceId,
          discountId: checkout.discountId,
          currency: checkout.currency,
          items: [{ label: product.name, amount: checkout.amount, productPriceId: checkout.productPriceId, taxAmount: checkout.taxAmount ?? 0 }],
          discountAmount: checkout.discountAmount,
          netAmount: checkout.netAmount,
          taxAmount: checkout.taxAmount ?? 0,
          billingName: checkout.customerBillingName,
          billingAddress: checkout.customerBillingAddress,
          tax: { behavior: checkout.taxBehavior ?? 'exclusive', isBusiness: checkout.isBusinessCustomer },
          seats: checkout.seats,
          metadata: checkout.metadata,
          customFieldData: checkout.customFieldData,
          description: product.name,
          at,
        });
        checkout.orderId = order.id;
        written = order;
        this.deps.orders.startFlow(tx, order, chargeId, Boolean(payOrder));
      },
      paid,
    );
  }

  private subscriptionOf(checkout: Checkout, product: ProductOutput, at: Date): NewSubscription {
    return {
      organizationId: checkout.organizationId,
      checkoutId: checkout.id,
      customerId: checkout.customerId!,
      productId: checkout.productId,
      priceId: checkout.productPriceId,
      priceAmount: checkout.amount,
      amount: checkout.amount - checkout.discountAmount,
      currency: checkout.currency,
      recurringInterval: product.recurring_interval!,
      recurringIntervalCount: product.recurring_interval_count ?? 1,
      seats: checkout.seats,
      discountId: checkout.discountId,
      trialEnd: checkout.trialEnd,
      billingName: checkout.customerBillingName,
      billingAddress: checkout.customerBillingAddress,
      taxId: this.deps.checkouts.checkedTaxId(checkout),
      isBusiness: checkout.isBusinessCustomer,
      taxBehavior: checkout.taxBehavior ?? 'exclusive',
      processorCustomerId: checkout.processorCustomerId,
      paymentMethodToken: checkout.paymentMethodToken,
      testClockId: checkout.testClockId,
      metadata: checkout.metadata,
      customFieldData: checkout.customFieldData,
      at,
    };
  }

  /**
   * The session's time ran out while it was open: `expired`, with checkout.updated and checkout.expired. The workflow
   * expires only a session it holds open, so one stored `confirmed` was confirmed in a workflow task that was lost:
   * never charged, it expires too, its discount redemption given back.
   */
  async expire(checkoutId: string): Promise<void> {
    await this.transition(checkoutId, ['open', 'confirmed'], async (tx, checkout) => {
      if (checkout.status === 'confirmed' && checkout.discountId) await this.deps.discounts.release(tx.em, checkout.discountId);
      checkout.status = 'expired';
      this.deps.outbox.enqueueEvent(
        tx,
        checkout.organizationId,
        'checkout.expired',
        await this.deps.checkouts.output(tx.em, { ...checkout, status: 'expired' } as Checkout),
      );
    });
  }

  /** A technical error the retries could not overcome: `failed`, for good. */
  async fail(checkoutId: string, reason: string): Promise<void> {
    await this.transition(checkoutId, 'confirmed', async (_tx, checkout) => {
      Object.assign(checkout, { status: 'failed', paymentError: `The checkout failed: ${truncate(reason, 500)}` });
    });
  }

  /**
   * One guarded status change with its checkout.updated event, then `after` in the same transaction; a repeated call
   * finds the status changed and does nothing.
   */
  private async transition(
    checkoutId: string,
    from: Checkout['status'] | Checkout['status'][],
    change: (tx: Tx, checkout: Checkout) => Promise<void>,
    after?: (tx: Tx) => Promise<void>,
  ): Promise<void> {
    await inTransaction(this.deps.orm, async (tx) => {
      const checkout = await tx.em.findOneOrFail(Checkout, { id: checkoutId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (![from].flat().includes(checkout.status)) return;
      await change(tx, checkout);
      checkout.modifiedAt = this.deps.clock.now();
      await tx.em.flush();
      this.deps.outbox.enqueueEvent(tx, checkout.organizationId, 'checkout.updated', await this.deps.checkouts.output(tx.em, checkout));
      await after?.(tx);
    });
  }
}

/** What confirming needs: an e-mail, an address good enough for tax, a payment method when something is due, required fields. */
function requiredData(checkout: Checkout, paymentNeeded: boolean, token: string | null | undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const missing = (loc: (string | number)[], msg: string) => issues.push({ loc, msg, type: 'missing' });
  if (!checkout.customerEmail) missing(['body', 'customer_email'], 'An e-mail address is required.');
  const address = checkout.customerBillingAddress;
  const fullAddress = checkout.requireBillingAddress || checkout.isBusinessCustomer || address?.country === 'US';
  if (paymentNeeded && !address) missing(['body', 'customer_billing_address'], 'A billing address (at least the country) is required.');
  if (address && (address.country === 'US' || address.country === 'CA') && !address.state)
    missing(['body', 'customer_billing_address', 'state'], 'The state or province is required.');
  if (address && fullAddress) {
    for (const field of ['line1', 'city', 'postal_code'] as const)
      if (!address[field]) missing(['body', 'customer_billing_address', field], `${field} is required.`);
  }
  if (checkout.isBusinessCustomer && !checkout.customerBillingName) missing(['body', 'customer_billing_name'], 'A business needs its billing name.');
  if (paymentNeeded && checkout.taxAmount === null && address)
    missing(['body', 'customer_billing_address'], 'The billing address does not tell where tax is due.');
  if (paymentNeeded && !token) missing(['body', 'confirmation_token_id'], 'A payment method is required.');
  return issues;
}
