// A session's amounts, discount, trial and tax, recomputed after every change from its price (checkout-static-price.ts
// when the selected one is gone).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import { addInterval } from '../../kernel/calendar';
import { RequestValidationError, invalidField } from '../../kernel/errors';
import { discountRefusal, discountRule } from '../discount';
import type { Checkout } from './checkout.entity';
import { buyerIssue, type CheckoutPrice } from './checkout-price.logic';
import { activeTrial } from './checkout-trial.logic';
import { checkoutAmounts } from './checkout.logic';
import { checkoutNow, type CheckoutDeps } from './checkout-deps';
import { productsOf } from './checkout-products';
import { staticPrice } from './checkout-static-price';

/** Amounts, discount and tax of the session as it stands; a discount that no longer applies is dropped. */
export async function recomputeCheckout(
  deps: CheckoutDeps,
  em: EntityManager,
  checkout: Checkout,
  products?: ProductOutput[],
): Promise<void> {
  const [product] =
    products?.filter((p) => p.id === checkout.productId) ??
    (await productsOf(deps.products, em, checkout.organizationId, [checkout.productId]));
  // The product's prices may have changed since the session opened: one it can no longer charge is a 422, not a 500.
  const offered =
    product &&
    (product.prices.find((p) => p.id === checkout.productPriceId) ?? staticPrice(product, checkout.currency));
  if (!offered)
    throw invalidField(['body', 'product_id'], 'The product no longer has a price this checkout can charge.');
  const price = offered as CheckoutPrice & { tax_behavior: string | null };
  const buyer = { amount: checkout.customAmount, seats: checkout.seats };
  const issue = buyerIssue(price, buyer); // the buyer's input is checked before the discount, as it always was
  if (issue) throw new RequestValidationError([issue]);
  const discount = checkout.discountId
    ? await deps.discounts.find(em, checkout.organizationId, checkout.discountId)
    : null;
  if (checkout.discountId && !discount)
    throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
  const now = await checkoutNow(deps, em, checkout);
  const trial = activeTrial(checkout, product);
  checkout.trialEnd = trial && addInterval(now, trial.interval, trial.count);
  const refusal = discount && discountRefusal(discount, product.id, checkout.currency, now);
  if (refusal) throw invalidField(['body', checkout.discountId ? 'discount_id' : 'discount_code'], refusal);
  const amounts = checkoutAmounts({
    price,
    isRecurring: product.is_recurring,
    buyer,
    discount: discount && { ...discountRule(discount), duration: discount.duration },
    currency: checkout.currency,
    customer: {
      address: checkout.customerBillingAddress,
      taxId: checkout.customerTaxId,
      isBusiness: checkout.isBusinessCustomer,
    },
    seller: deps.seller,
    at: now,
  });
  if ('loc' in amounts) throw new RequestValidationError([amounts]);
  const { totals } = amounts;
  Object.assign(checkout, {
    seats: amounts.seats,
    amount: totals.amount,
    discountAmount: totals.discount_amount,
    netAmount: totals.net_amount,
    taxAmount: totals.tax_amount,
    totalAmount: totals.total_amount,
    taxBehavior: amounts.taxBehavior,
  });
}
