// A subscription's orders (renewal, final usage, plan change): the one place their tax and amounts are composed.
import { taxPerLine } from '../../kernel/tax-per-line';
import type { NewOrder } from '../order';
import type { SellerOfRecord } from '../tax';
import type { Subscription } from './subscription.entity';
import { subscriptionTax } from './subscription-tax';

export interface SubscriptionBill {
  billingReason: NewOrder['billingReason'];
  cycleKey: string;
  lines: { label: string; amount: number; priceId: string | null; proration?: boolean }[];
  discountAmount: number;
  description: string;
  /** The order's time. */
  at: Date;
  /** When its tax is worked out (the period's start for a renewal); `at` when unset. */
  taxAt?: Date;
  /** Tax already worked out for this bill (a plan change charges it before the order is written). */
  tax?: number;
}

/** The order of `bill` for the subscription as it stands: its lines less the discount, taxed as the subscription is. */
export function subscriptionOrder(seller: SellerOfRecord, s: Subscription, bill: SubscriptionBill): NewOrder {
  const taxable = bill.lines.reduce((sum, line) => sum + line.amount, 0) - bill.discountAmount;
  const tax = bill.tax ?? subscriptionTax(seller, s, taxable, bill.taxAt ?? bill.at);
  const lineTaxes = taxPerLine(
    tax,
    bill.lines.map((line) => line.amount),
  );
  return {
    organizationId: s.organizationId,
    subscriptionId: s.id,
    customerId: s.customerId,
    productId: s.productId,
    productPriceId: s.priceId,
    discountId: s.discountId,
    currency: s.currency,
    billingName: s.billingName,
    billingAddress: s.billingAddress,
    tax: { behavior: s.taxBehavior, isBusiness: s.isBusiness },
    seats: s.seats,
    metadata: s.metadata,
    customFieldData: s.customFieldData,
    at: bill.at,
    billingReason: bill.billingReason,
    cycleKey: bill.cycleKey,
    items: bill.lines.map((line, i) => ({
      label: line.label,
      amount: line.amount,
      productPriceId: line.priceId,
      proration: line.proration,
      taxAmount: lineTaxes[i],
    })),
    discountAmount: bill.discountAmount,
    netAmount: s.taxBehavior === 'inclusive' ? taxable - tax : taxable,
    taxAmount: tax,
    description: bill.description,
  };
}
