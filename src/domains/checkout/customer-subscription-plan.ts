// What `POST /v1/subscriptions/` subscribes the customer to, read and checked before any charge: the live customer,
// the recurring product's fixed price, its trial, the saved method to charge, and the first period's bill.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Product as ProductOutput } from '../../contracts/product';
import type { SubscriptionCreate } from '../../contracts/subscription-create';
import { addInterval, type RecurringInterval } from '../../kernel/calendar';
import { invalidField, ResourceNotFound } from '../../kernel/errors';
import type { ChargeableMethod, Customer } from '../customer';
import { offeredCurrencies, staticPrice } from './checkout-static-price';
import type { CustomerSubscriptionDeps } from './customer-subscription-deps';
import { firstPeriodBill, type FirstPeriodBill } from './customer-subscription.logic';

export interface SubscriptionPlan {
  body: SubscriptionCreate;
  customer: Customer;
  product: ProductOutput;
  price: PriceOutput;
  currency: string;
  bill: FirstPeriodBill;
  /** The saved method renewals (and the first period, unless trialing) charge; null for a free product. */
  method: ChargeableMethod | null;
  trialEnd: Date | null;
  /** The subscription's start: the customer's test clock's time, else now. */
  at: Date;
}

export async function subscriptionPlan(
  deps: CustomerSubscriptionDeps,
  em: EntityManager,
  organizationId: string,
  body: SubscriptionCreate,
): Promise<SubscriptionPlan> {
  const customer = await customerOf(deps, em, organizationId, body);
  const [product] = await deps.checkouts.products(em, organizationId, [body.product_id]);
  if (!product) throw invalidField(['body', 'product_id'], 'Product does not exist.');
  if (!product.is_recurring || product.is_archived)
    throw invalidField(['body', 'product_id'], 'The product must be a live recurring product.');
  const [currency] = offeredCurrencies(product);
  const price = currency && staticPrice(product, currency);
  if (!price || price.amount_type !== 'fixed')
    throw invalidField(['body', 'product_id'], 'Only products with a fixed price can be subscribed to this way.');
  const at = await deps.testClocks.now(em, customer.testClockId);
  const address = customer.billingAddress;
  // A seller of record taxes where the buyer is: a paid subscription needs the customer's billing country.
  if (price.price_amount > 0 && !address?.country)
    throw invalidField(['body', 'customer_id'], 'The customer has no billing address: its tax cannot be computed.');
  const taxCustomer = { address, taxId: customer.taxId?.[0] ?? null, isBusiness: customer.taxId !== null };
  const bill = firstPeriodBill(
    deps.seller,
    taxCustomer,
    { amount: price.price_amount, taxBehavior: price.tax_behavior },
    at,
  );
  const method = bill.amount > 0 ? await methodOf(deps, em, customer.id, body) : null;
  const trial = product.trial_interval
    ? { interval: product.trial_interval as RecurringInterval, count: product.trial_interval_count ?? 1 }
    : null;
  const trialEnd = trial && addInterval(at, trial.interval, trial.count);
  return { body, customer, product, price, currency, bill, method, trialEnd, at };
}

async function customerOf(
  deps: CustomerSubscriptionDeps,
  em: EntityManager,
  organizationId: string,
  body: SubscriptionCreate,
): Promise<Customer> {
  const [field, find] =
    'customer_id' in body
      ? ['customer_id', () => deps.customers.get(em, organizationId, body.customer_id)]
      : ['external_customer_id', () => deps.customers.getByExternalId(em, organizationId, body.external_customer_id)];
  return find().catch((error) => {
    if (error instanceof ResourceNotFound) throw invalidField(['body', field], 'Customer does not exist.');
    throw error;
  });
}

/** The named saved method, else the customer's default; a paid product needs one. */
async function methodOf(
  deps: CustomerSubscriptionDeps,
  em: EntityManager,
  customerId: string,
  body: SubscriptionCreate,
): Promise<ChargeableMethod> {
  if (!deps.processor) throw invalidField(['body', 'product_id'], 'No payment processor is configured.');
  if (body.payment_method_id) {
    const named = await deps.paymentMethods.get(customerId, body.payment_method_id, em);
    if (!named) throw invalidField(['body', 'payment_method_id'], 'Payment method not found.');
    return named;
  }
  const method = await deps.paymentMethods.defaultFor(customerId, em);
  if (!method) throw invalidField(['body', 'customer_id'], 'The customer has no saved payment method to charge.');
  return method;
}
