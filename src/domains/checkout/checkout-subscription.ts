// The subscription a checkout of a recurring product hands over: its plan, trial, tax details and payment method.
import type { Product as ProductOutput } from '../../contracts/product';
import type { NewSubscription } from '../subscription';
import type { Checkout } from './checkout.entity';
import type { CheckoutPrice } from './checkout-price.logic';
import type { FlowDeps } from './flow-deps';
import { isDiscountable } from './payment-flags.logic';

/** What the subscription starts with, at `at` (the purchase's time). */
export function subscriptionOf(
  deps: Pick<FlowDeps, 'checkouts'>,
  checkout: Checkout,
  product: ProductOutput,
  at: Date,
): NewSubscription {
  const prices = product.prices.filter((p) => p.id === checkout.productPriceId) as CheckoutPrice[];
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
    // a discount the checkout could not apply (a pay-what-you-want price) is not the subscription's either
    discountId: isDiscountable(prices) ? checkout.discountId : null,
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
