// Checkout amounts, derived in one place from the selected prices, the discount and the tax engine. Pure.
import type { ValidationIssue } from '../../kernel/errors';
import type { RecurringInterval } from '../../kernel/calendar';
import {
  isValidPriceAmount,
  MAX_AMOUNT,
  MIN_CHARGEABLE_AMOUNT,
  seatsPurchase,
  totals,
  type SeatTier,
  type SeatTierType,
  type Totals,
} from '../../kernel/money';
import { discountAmount, type DiscountRule } from '../discount/discount.logic';
import { calculateTax, type SellerOfRecord, type TaxCustomer } from '../tax/tax.logic';

export type CheckoutPrice =
  | { amount_type: 'fixed'; price_amount: number }
  | { amount_type: 'custom'; minimum_amount: number; maximum_amount: number | null; preset_amount: number | null }
  | {
      amount_type: 'seat_based';
      seat_tiers: {
        seat_tier_type: SeatTierType;
        tiers: SeatTier[];
        minimum_seats: number;
        maximum_seats: number | null;
      };
    }
  | { amount_type: 'metered_unit' };

export interface CheckoutDiscount extends DiscountRule {
  duration: 'once' | 'forever' | 'repeating';
}

/** Every organization's `default_presentment_currency` (there is no setting for it). */
export const DEFAULT_CURRENCY = 'usd';

/**
 * The session's currency among those its product is offered in: the one asked for, else the organization's default
 * (as the reference, which has no visitor's country here), else the only one. Among several others the merchant
 * chooses (422): no customer is charged in a currency nobody chose.
 */
export function checkoutCurrency(
  requested: string | null | undefined,
  offered: readonly string[],
): { currency: string } | { refusal: string } {
  const upper = (currency: string) => currency.toUpperCase();
  if (requested)
    return offered.includes(requested)
      ? { currency: requested }
      : { refusal: `The product has no price in ${upper(requested)}.` };
  if (offered.includes(DEFAULT_CURRENCY)) return { currency: DEFAULT_CURRENCY };
  if (offered.length === 1) return { currency: offered[0] };
  return {
    refusal: offered.length
      ? `The product is priced in ${offered.map(upper).join(', ')}: name the currency.`
      : 'The product has no price to charge.',
  };
}

/** What a price contributes upfront, or the issue with the buyer's input (`amount`, `seats`). */
export function upfrontAmount(
  price: CheckoutPrice,
  input: { amount?: number | null; seats?: number | null },
): { amount: number; seats: number | null } | ValidationIssue {
  switch (price.amount_type) {
    case 'fixed':
      return { amount: price.price_amount, seats: null };
    case 'metered_unit':
      return { amount: 0, seats: null };
    case 'custom': {
      const amount = input.amount ?? price.preset_amount ?? price.minimum_amount;
      const problem =
        amount < price.minimum_amount
          ? `Amount must be at least ${price.minimum_amount}`
          : price.maximum_amount !== null && amount > price.maximum_amount
            ? `Amount must be at most ${price.maximum_amount}`
            : !isValidPriceAmount(amount)
              ? `Amount must be 0 or between ${MIN_CHARGEABLE_AMOUNT} and ${MAX_AMOUNT}`
              : null;
      return problem ? { loc: ['body', 'amount'], msg: problem, type: 'value_error' } : { amount, seats: null };
    }
    case 'seat_based': {
      const seats = input.seats ?? price.seat_tiers.minimum_seats;
      const purchase = seatsPurchase(price.seat_tiers, seats);
      return 'issue' in purchase
        ? { loc: ['body', 'seats'], msg: purchase.issue, type: 'value_error' }
        : { amount: purchase.amount, seats };
    }
  }
}

/** What is wrong with the buyer's amount or seats for this price, or null. */
export function buyerIssue(
  price: CheckoutPrice,
  buyer: { amount: number | null; seats: number | null },
): ValidationIssue | null {
  const upfront = upfrontAmount(price, buyer);
  if ('loc' in upfront) return upfront;
  if (buyer.seats !== null && price.amount_type !== 'seat_based')
    return { loc: ['body', 'seats'], msg: 'Seats apply only to seat-based prices.', type: 'value_error' };
  return null;
}

/** What a session charges, from its price, the buyer's amount or seats, its discount and where the customer is. */
export interface CheckoutAmountsInput {
  price: CheckoutPrice & { tax_behavior: string | null };
  isRecurring: boolean;
  buyer: { amount: number | null; seats: number | null };
  /** A discount already found redeemable for this product; it applies unless the price cannot be discounted. */
  discount: CheckoutDiscount | null;
  currency: string;
  customer: TaxCustomer;
  seller: SellerOfRecord;
  at: Date;
}

/**
 * The session's amounts: the upfront amount of its price, what the discount takes off, and tax — added on top or
 * carved out of the price where the customer's country includes it; `tax_amount` null while the location is not
 * known well enough. The issue with the buyer's amount or seats instead, when there is one.
 */
export function checkoutAmounts(
  input: CheckoutAmountsInput,
): { totals: Totals; seats: number | null; taxBehavior: 'inclusive' | 'exclusive' | null } | ValidationIssue {
  const { price, currency } = input;
  const issue = buyerIssue(price, input.buyer);
  if (issue) return issue;
  const upfront = upfrontAmount(price, input.buyer) as { amount: number; seats: number | null };
  const discountable = paymentFlags({
    prices: [price],
    isRecurring: input.isRecurring,
    amount: upfront.amount,
    total: upfront.amount,
    trial: false,
    discount: null,
  }).is_discount_applicable;
  const off = discountAmount(discountable ? input.discount : null, upfront.amount, currency);
  const behavior = resolveTaxBehavior(price.tax_behavior, input.customer.address?.country);
  const taxable = upfront.amount - off;
  const calculation =
    taxable === 0
      ? { taxAmount: 0 }
      : calculateTax(input.seller, input.customer, [{ amount: taxable, taxBehavior: behavior }], input.at);
  const tax = calculation && { amount: calculation.taxAmount, inclusive: behavior === 'inclusive' };
  return { totals: totals(upfront.amount, off, tax), seats: upfront.seats, taxBehavior: tax ? behavior : null };
}

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
  const hasMetered = input.prices.some((p) => p.amount_type === 'metered_unit');
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

/** The trial a checkout of a recurring product grants: the session's own setting, else the product's; none when the session disallows it. */
export function activeTrial(
  checkout: { allowTrial: boolean; trialInterval: string | null; trialIntervalCount: number | null },
  product: { is_recurring: boolean; trial_interval: RecurringInterval | null; trial_interval_count: number | null },
): { interval: RecurringInterval; count: number } | null {
  if (!product.is_recurring || !checkout.allowTrial) return null;
  const interval = (checkout.trialInterval as RecurringInterval | null) ?? product.trial_interval;
  const count = checkout.trialInterval ? (checkout.trialIntervalCount ?? 1) : (product.trial_interval_count ?? 1);
  return interval ? { interval, count } : null;
}

/** Where tax is added on top (US, Canada, India) and where it is included in prices (everywhere else). */
export function resolveTaxBehavior(
  priceBehavior: string | null,
  country: string | null | undefined,
): 'inclusive' | 'exclusive' {
  if (priceBehavior === 'inclusive' || priceBehavior === 'exclusive') return priceBehavior;
  return !country || ['US', 'CA', 'IN'].includes(country) ? 'exclusive' : 'inclusive';
}

export type FieldMode = 'required' | 'optional' | 'disabled';

/** Which billing address fields the form needs: the country always, the state in the US and Canada, a full address when asked or in the US. */
export function billingAddressFields(country: string | null | undefined, fullAddress: boolean) {
  const full = fullAddress || country === 'US';
  const needed: FieldMode = full ? 'required' : 'disabled';
  return {
    country: 'required' as FieldMode,
    state: (country === 'US' || country === 'CA' ? 'required' : full ? 'optional' : 'disabled') as FieldMode,
    city: needed,
    postal_code: needed,
    line1: needed,
    line2: (full ? 'optional' : 'disabled') as FieldMode,
  };
}

export interface AttachedFieldRule {
  slug: string;
  type: 'text' | 'number' | 'date' | 'checkbox' | 'select';
  required: boolean;
  properties: { min_length?: number; max_length?: number; ge?: number; le?: number; options?: { value: string }[] };
}

/**
 * Custom field values checked against the product's fields: known slugs only, the right type, within the field's
 * bounds; when `complete`, required fields must be filled (a required checkbox must be ticked).
 */
export function customFieldIssues(
  fields: readonly AttachedFieldRule[],
  data: Record<string, unknown>,
  complete: boolean,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (slug: string, msg: string, type = 'value_error') =>
    issues.push({ loc: ['body', 'custom_field_data', slug], msg, type });
  for (const slug of Object.keys(data))
    if (!fields.some((f) => f.slug === slug)) at(slug, 'Not a custom field of this product.');
  for (const field of fields) {
    const value = data[field.slug];
    const empty = value === undefined || value === null || value === '';
    if (empty) {
      if (complete && field.required) at(field.slug, `${field.slug} is required.`, 'missing');
      continue;
    }
    const { min_length, max_length, ge, le, options } = field.properties;
    switch (field.type) {
      case 'text':
        if (typeof value !== 'string') at(field.slug, 'Expected text.');
        else if (
          (min_length !== undefined && value.length < min_length) ||
          (max_length !== undefined && value.length > max_length)
        )
          at(field.slug, `Expected between ${min_length ?? 0} and ${max_length ?? '∞'} characters.`);
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isInteger(value)) at(field.slug, 'Expected a whole number.');
        else if ((ge !== undefined && value < ge) || (le !== undefined && value > le))
          at(field.slug, `Expected a number between ${ge ?? '-∞'} and ${le ?? '∞'}.`);
        break;
      case 'date': {
        const seconds = typeof value === 'string' ? Date.parse(value) / 1000 : Number.NaN;
        if (Number.isNaN(seconds)) at(field.slug, 'Expected a date (ISO 8601).');
        else if ((ge !== undefined && seconds < ge) || (le !== undefined && seconds > le))
          at(field.slug, 'The date is out of range.');
        break;
      }
      case 'checkbox':
        if (typeof value !== 'boolean') at(field.slug, 'Expected true or false.');
        else if (complete && field.required && !value) at(field.slug, `${field.slug} must be accepted.`, 'missing');
        break;
      case 'select':
        if (typeof value !== 'string' || !options?.some((o) => o.value === value))
          at(field.slug, `Expected one of: ${(options ?? []).map((o) => o.value).join(', ')}.`);
        break;
    }
  }
  return issues;
}
