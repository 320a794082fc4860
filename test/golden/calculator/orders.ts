// An order from its lines (README "Renewal": discount and tax worked out once on the order's amount), and refunds.
import type { Buyer, Discount, Line, Order, OrderLine, Refund } from '../scenario';
import { discountOn } from './discounts';
import { mulDiv, taxShares } from './money';
import { taxOf } from './tax';

const sum = (lines: Line[]) => lines.reduce((a, l) => a + l.amount, 0);
const byAmount = (a: OrderLine, b: OrderLine) =>
  a.amount - b.amount || Number(a.proration) - Number(b.proration) || a.tax_amount - b.tax_amount;

/**
 * A credit larger than what the order charges is carried to the next one (README commands table): the order's
 * credit lines are cut, the last first, until its amount is 0, and the rest is returned as one proration line.
 */
function carryExcess(lines: Line[], excess: number): { lines: Line[]; carried: Line[] } {
  if (excess <= 0) return { lines, carried: [] };
  const kept = lines.map((l) => ({ ...l }));
  let left = excess;
  for (let i = kept.length - 1; i >= 0 && left > 0; i--) {
    const line = kept[i]!;
    if (!line.proration || line.amount >= 0) continue;
    const cut = Math.min(left, -line.amount);
    line.amount += cut;
    left -= cut;
  }
  return {
    lines: kept.filter((l) => !(l.proration && l.amount === 0)),
    carried: [{ amount: -excess, proration: true }],
  };
}

export interface Draft {
  billing_reason: Order['billing_reason'];
  lines: Line[];
  discount: Discount | null;
  at: number;
}

/** Proration lines are never discounted; the discount is taken once off all the other lines together. */
export function orderOf(draft: Draft, buyer: Buyer): { order: Order; carried: Line[] } {
  const discountable = sum(draft.lines.filter((l) => !l.proration));
  const discount = discountOn(draft.discount, discountable);
  const { lines, carried } = carryExcess(draft.lines, discount - sum(draft.lines));
  const subtotal = sum(lines);
  const { net, tax } = taxOf(subtotal - discount, buyer, draft.at);
  const shares = taxShares(
    tax,
    lines.map((l) => l.amount),
  );
  const sorted = lines
    .map((l, i): OrderLine => ({ amount: l.amount, proration: l.proration, tax_amount: shares[i]! }))
    .sort(byAmount);
  const order: Order = {
    billing_reason: draft.billing_reason,
    status: 'pending',
    lines: sorted,
    subtotal_amount: subtotal,
    discount_amount: discount,
    net_amount: net,
    tax_amount: tax,
    total_amount: net + tax,
    refunded_amount: 0,
    refunded_tax_amount: 0,
  };
  return { order, carried };
}

/**
 * README "Invoices, receipts and refunds": `amount` before tax, at most what is refundable, its tax proportional
 * (half-up), all the tax left on the refund that takes all that is left. Null where the API refuses it.
 */
export function refundOf(order: Order, index: number, part: 'partial' | 'full'): Refund | null {
  const paid = ['paid', 'partially_refunded'].includes(order.status);
  const refundable = order.net_amount - order.refunded_amount;
  const amount = part === 'full' ? refundable : Math.floor((order.net_amount * 2) / 5);
  if (!paid || order.total_amount === 0 || amount <= 0 || amount > refundable) return null;
  const taxLeft = order.tax_amount - order.refunded_tax_amount;
  const tax = amount === refundable ? taxLeft : Math.min(taxLeft, mulDiv(amount, order.tax_amount, order.net_amount));
  order.refunded_amount += amount;
  order.refunded_tax_amount += tax;
  order.status = order.refunded_amount >= order.net_amount ? 'refunded' : 'partially_refunded';
  return { order: index, amount, tax_amount: tax };
}
