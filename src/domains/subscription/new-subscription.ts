// What a checkout of a recurring product hands over to become a subscription.
import type { RecurringInterval } from '../../kernel/calendar';
import type { Subscription } from './subscription.entity';

/** What a checkout of a recurring product hands over. */
export interface NewSubscription {
  /** Chosen by the caller (`POST /v1/subscriptions/`: from its idempotency key); a new one otherwise. */
  id?: string;
  organizationId: string;
  /** The checkout that bought it; null for one created by `POST /v1/subscriptions/`. */
  checkoutId: string | null;
  customerId: string;
  productId: string;
  priceId: string;
  priceAmount: number;
  amount: number;
  currency: string;
  recurringInterval: RecurringInterval;
  recurringIntervalCount: number;
  seats: number | null;
  discountId: string | null;
  trialEnd: Date | null;
  billingName: string | null;
  billingAddress: Subscription['billingAddress'];
  taxId: [string, string] | null;
  isBusiness: boolean;
  taxBehavior: 'inclusive' | 'exclusive';
  processorCustomerId: string | null;
  paymentMethodToken: string | null;
  testClockId: string | null;
  metadata: Subscription['metadata'];
  customFieldData: Subscription['customFieldData'];
  /** The subscription's start (its test clock's time for attached customers). */
  at: Date;
}
