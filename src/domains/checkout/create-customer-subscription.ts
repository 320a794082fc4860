// `POST /v1/subscriptions/`: a subscription for an existing customer without a session. The first period is charged
// off-session on the customer's saved method before anything is written; then one transaction writes the
// subscription (subscription.created, its workflow started) and its paid first order, as a checkout's completion
// does. A decline writes nothing; a write that fails after the charge refunds it.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentDeclined } from '../../adapters/payment/payment-processor';
import type { Subscription as SubscriptionOutput } from '../../contracts/subscription';
import type { SubscriptionCreate } from '../../contracts/subscription-create';
import { ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import { IdempotencyKeyReused } from '../../platform/idempotency/idempotency.errors';
import { PaymentFailed, subscriptionOrderPaid } from '../subscription';
import { subscriptionPlan, type SubscriptionPlan } from './customer-subscription-plan';
import type { CustomerSubscriptionDeps } from './customer-subscription-deps';
import { NOT_AT_ONCE } from '../payment';

export async function createCustomerSubscription(
  deps: CustomerSubscriptionDeps,
  organizationId: string,
  body: SubscriptionCreate,
  idempotencyKey?: string,
): Promise<SubscriptionOutput> {
  const id = idempotencyKey ? idFromKey(organizationId, idempotencyKey) : newId();
  const replayed = await replay(deps, deps.orm.em.fork(), organizationId, id, body);
  if (replayed) return replayed;
  const plan = await subscriptionPlan(deps, deps.orm.em.fork(), organizationId, body);
  const chargeId = await charge(deps, id, plan);
  try {
    await inTransaction(deps.orm, (tx) => write(deps, tx, id, plan, chargeId));
  } catch (error) {
    // The same key sent twice at once: the other request wrote this subscription, and the charge is its.
    const written = await replay(deps, deps.orm.em.fork(), organizationId, id, body);
    if (written) return written;
    if (chargeId)
      await deps.processor!.refund({ chargeId, amount: plan.bill.total, idempotencyKey: `subscription:${id}:refund` });
    throw error;
  }
  return (await replay(deps, deps.orm.em.fork(), organizationId, id, body))!;
}

/** The same key names the same subscription (per organization), so a retried create finds the first one. */
function idFromKey(organizationId: string, key: string): string {
  const hex = createHash('sha256').update(`subscription-create:${organizationId}:${key}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function replay(
  deps: CustomerSubscriptionDeps,
  em: EntityManager,
  organizationId: string,
  id: string,
  body: SubscriptionCreate,
): Promise<SubscriptionOutput | null> {
  const existing = await deps.subscriptions.get(em, organizationId, id).catch((error) => {
    if (error instanceof ResourceNotFound) return null;
    throw error;
  });
  if (!existing) return null;
  const customerMatches = 'customer_id' in body ? existing.customerId === body.customer_id : true;
  if (existing.productId !== body.product_id || !customerMatches)
    throw new IdempotencyKeyReused('This idempotency key was used with another request body.');
  return (await deps.subscriptions.outputs(em, [existing]))[0];
}

/** Charges the first period (none when free or trialing); a decline is PaymentFailed and nothing was written. */
async function charge(deps: CustomerSubscriptionDeps, id: string, plan: SubscriptionPlan): Promise<string | null> {
  const { bill, method, trialEnd, product } = plan;
  if (bill.total === 0 || trialEnd || !method) return null;
  const { customer } = plan;
  try {
    const charged = await deps.billing.payments.charge({
      organizationId: customer.organizationId,
      customerId: customer.id,
      customerEmail: customer.email,
      checkoutId: null,
      orderId: null,
      trigger: 'purchase',
      processorCustomerId: method.processorCustomerId,
      paymentMethod: method.token,
      amount: bill.total,
      currency: plan.currency,
      idempotencyKey: `subscription:${id}:create`,
      reference: id,
    });
    if (!charged.pending) return charged.chargeId;
    const settled = await deps.billing.payments.cancelPending({
      chargeId: charged.chargeId,
      idempotencyKey: `subscription:${id}:cancel`,
      message: NOT_AT_ONCE,
    });
    if (settled === 'succeeded') return charged.chargeId;
    throw new PaymentFailed(`The payment for ${product.name} is still processing; it was canceled. Try again.`);
  } catch (error) {
    if (error instanceof PaymentDeclined) throw new PaymentFailed(error.message);
    throw error;
  }
}

async function write(
  deps: CustomerSubscriptionDeps,
  tx: Tx,
  id: string,
  plan: SubscriptionPlan,
  chargeId: string | null,
): Promise<void> {
  const { customer, product, price, bill, method, trialEnd, at, body } = plan;
  const interval = product.recurring_interval!;
  const count = product.recurring_interval_count ?? 1;
  const subscription = await deps.subscriptions.createFromCheckout(tx, {
    id,
    organizationId: customer.organizationId,
    checkoutId: null,
    customerId: customer.id,
    productId: product.id,
    priceId: price.id,
    priceAmount: bill.amount,
    amount: bill.amount,
    currency: plan.currency,
    recurringInterval: interval,
    recurringIntervalCount: count,
    seats: null,
    discountId: null,
    trialEnd,
    billingName: customer.billingName,
    billingAddress: customer.billingAddress,
    taxId: customer.taxId,
    isBusiness: customer.taxId !== null,
    taxBehavior: bill.taxBehavior,
    processorCustomerId: method?.processorCustomerId ?? null,
    paymentMethodToken: method?.token ?? null,
    testClockId: customer.testClockId,
    metadata: body.metadata,
    customFieldData: {},
    at,
  });
  if (trialEnd) return; // a trial is billed when it ends, by the workflow
  const order = await deps.orders.create(tx, {
    organizationId: customer.organizationId,
    billingReason: 'subscription_create',
    subscriptionId: subscription.id,
    cycleKey: `${subscription.id}:create`,
    customerId: customer.id,
    productId: product.id,
    productPriceId: price.id,
    discountId: null,
    currency: plan.currency,
    items: [{ label: product.name, amount: bill.amount, productPriceId: price.id, taxAmount: bill.tax }],
    discountAmount: 0,
    netAmount: bill.net,
    taxAmount: bill.tax,
    billingName: customer.billingName,
    billingAddress: customer.billingAddress,
    tax: { behavior: bill.taxBehavior, isBusiness: customer.taxId !== null },
    seats: null,
    metadata: body.metadata,
    customFieldData: {},
    description: product.name,
    at,
  });
  if (chargeId) await deps.billing.payments.link(tx, chargeId, { orderId: order.id, customerId: customer.id });
  deps.orders.startFlow(tx, order, chargeId, true);
  const { order: paid, paidNow } = await deps.orders.markPaid(tx, order.id, chargeId, at);
  if (paidNow) await subscriptionOrderPaid(deps.billing, tx, paid, paid.paidAt!);
}
