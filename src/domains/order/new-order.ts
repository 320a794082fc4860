// What a checkout or a subscription hands over to write an order: its lines, amounts, billing details and keys.
import type { BillingReason, Order } from './order.entity';

export interface OrderLine {
  label: string;
  amount: number;
  productPriceId: string | null;
  proration?: boolean;
  /** Tax on the line when it is the order's only one; tax lives on the order otherwise. */
  taxAmount?: number;
}

/** A new order; `checkoutId` or `cycleKey` make writing it twice return the first. */
export interface NewOrder {
  organizationId: string;
  billingReason: BillingReason;
  checkoutId?: string | null;
  subscriptionId?: string | null;
  cycleKey?: string | null;
  customerId: string;
  productId: string;
  productPriceId: string | null;
  discountId: string | null;
  currency: string;
  items: OrderLine[];
  discountAmount: number;
  netAmount: number;
  taxAmount: number;
  billingName: string | null;
  billingAddress: Order['billingAddress'];
  /** How the amounts were taxed: the invoice's tax lines are worked out from it (with the customer's tax ID). */
  tax: { behavior: 'inclusive' | 'exclusive'; isBusiness: boolean };
  seats: number | null;
  metadata: Order['metadata'];
  customFieldData: Order['customFieldData'];
  description: string;
  /** The order's time (a test clock's, for its customers); wall time otherwise. */
  at?: Date;
}
