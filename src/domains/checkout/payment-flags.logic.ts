// What a checkout needs from its customer: a payment, a payment method saved for later, or nothing. Pure.
import type { CheckoutDiscount, CheckoutPrice } from './checkout-price.logic';

export interface PaymentFlags {
  is_free_product_price: boolean;
  is_discount_applicable: boolean;
  is_payment_required: boolean;
  is_payment_setup_required: boolean;
  is_payment_form_required: boolean;
}

/** What the checkout needs from the customer: a payment, a saved payment method for later, or nothing. */
export function paymentFlags(input: {
  prices: CheckoutPrice[];
  isRecurring: boolean;
  amount: number;
  total: number;
  trial: boolean;
  discount: CheckoutDiscount | null;
}): PaymentFlags {
  const isFree = input.prices.every(
    (p) =>
      (p.amount_type === 'fixed' && p.price_amount === 0) ||
      (p.amount_type === 'custom' && p.minimum_amount === 0 && (p.preset_amount ?? 0) === 0),
  );
  const hasMetered = input.prices.some((p) => p.amount_type === 'metered_unit' || p.amount_type === 'metered_tiers');
  const fullForever =
    input.discount?.type === 'percentage' &&
    input.discount.basis_points === 10_000 &&
    input.discount.duration === 'forever';
  const required = input.total > 0 && !input.trial;
  const setup = input.isRecurring && !isFree && !(input.amount === 0 && !hasMetered) && !fullForever;
  return {
    is_free_product_price: isFree,
    is_discount_applicable: !isFree && !input.prices.some((p) => p.amount_type === 'custom'),
    is_payment_required: required,
    is_payment_setup_required: setup,
    is_payment_form_required: required || setup,
  };
}
