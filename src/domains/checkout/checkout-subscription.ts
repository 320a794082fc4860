// The subscription a checkout of a recurring product hands over: its plan, trial, tax details and payment method.
import type { Product as ProductOutput } from '../../contracts/product';
import type { NewSubscription } from '../subscription';
import type { Checkout } from './checkout.entity';
import type { FlowDeps } from './flow-deps';

/** What the subscription starts with, at `at` (the purchase's time). */
export function subscriptionOf(
  deps: Pick<FlowDeps, 'checkouts'>,
  checkout: Checkout,
  product: ProductOutput,
  at: Date,
): NewSubscription {
  const price = product.prices.find((p) => p.id === checkout.productPriceId);
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
    // a pay-what-you-want price takes no discount (the spec's is_discount_applicable): nor do its renewals
    discountId: price?.amount_type === 'custom' ? null : checkout.discountId,
    trialEnd: checkout.trialEnd,
    billingName: checkout.customerBillingName,
    billingAddress: checkout.customerBillingAddress,
    taxId: deps.checkouts.checkedTaxId(checkout),
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
