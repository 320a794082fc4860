// Pure rules of draft orders: which product and price a draft may charge, its amount, and its amounts once taxed.
import type { ProductPrice } from '../../contracts/price';
import type { Product } from '../../contracts/product';
import type { ValidationIssue } from '../../kernel/errors';
import { isValidPriceAmount, totals } from '../../kernel/money';

const issue = (field: string, msg: string): ValidationIssue => ({ loc: ['body', field], msg, type: 'value_error' });

export interface DraftRequest {
  currency: string;
  amount: number | null;
  units: number | null;
}

/**
 * The price a draft charges and its amount: a one-time product's fixed, custom or free price in the currency; the
 * requested amount overrides the price. Unit-based (and metered or seat) prices are not built: refused.
 */
export function draftCharge(
  product: Pick<Product, 'is_recurring' | 'is_archived' | 'prices'>,
  request: DraftRequest,
): { price: ProductPrice; amount: number } | ValidationIssue {
  if (product.is_recurring) return issue('product_id', 'Only one-time products can be ordered this way.');
  if (product.is_archived) return issue('product_id', 'The product is archived.');
  const live = product.prices.filter((price) => !price.is_archived);
  const price = live.find((p) => p.price_currency === request.currency);
  if (!price) return issue('currency', `The product has no price in ${request.currency}.`);
  if (price.amount_type !== 'fixed' && price.amount_type !== 'custom')
    return issue('product_id', 'Only fixed, custom and free prices can be ordered this way (not unit-based ones).');
  if (request.units !== null)
    return issue('units', 'Units are only for unit-based prices, which this product has not.');
  const amount =
    request.amount ??
    (price.amount_type === 'fixed' ? price.price_amount : (price.preset_amount ?? price.minimum_amount));
  if (!isValidPriceAmount(amount, request.currency))
    return issue('amount', `The amount must be 0 or at least the currency's minimum charge, and at most 99,999,999.`);
  return { price, amount };
}

/** A finalized draft's amounts: tax added on top (exclusive) or carved out of its amount (inclusive); no discount. */
export function finalizedAmounts(amount: number, tax: number, behavior: 'inclusive' | 'exclusive') {
  const { net_amount, total_amount } = totals(amount, 0, { amount: tax, inclusive: behavior === 'inclusive' });
  return { net: net_amount, tax, total: total_amount };
}
