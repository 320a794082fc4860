// The order a completed checkout writes: its one line at the session's amounts, discount and tax, billed as a purchase
// or as its subscription's first period.
import type { Product as ProductOutput, ProductSummary } from '../../contracts/product';
import type { NewOrder } from '../order';
import type { Checkout } from './checkout.entity';

/** The checkout's order at `at` (the purchase's time), of its subscription when it started one. */
export function checkoutOrder(
  checkout: Checkout,
  product: ProductOutput,
  subscriptionId: string | null,
  at: Date,
): NewOrder {
  return {
    organizationId: checkout.organizationId,
    billingReason: subscriptionId ? 'subscription_create' : 'purchase',
    checkoutId: checkout.id,
    subscriptionId,
    customerId: checkout.customerId!,
    productId: checkout.productId,
    productPriceId: checkout.productPriceId,
    discountId: checkout.discountId,
    currency: checkout.currency,
    items: [
      {
        label: product.name,
        amount: checkout.amount,
        productPriceId: checkout.productPriceId,
        taxAmount: checkout.taxAmount ?? 0,
      },
    ],
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
  };
}

/** The product as orders embed it: as the API shows it, without its prices and attachments. */
export function summaryOf(product: ProductOutput): ProductSummary {
  const { prices: _p, benefits: _b, medias: _m, attached_custom_fields: _f, is_deletable: _d, ...summary } = product;
  return summary;
}
