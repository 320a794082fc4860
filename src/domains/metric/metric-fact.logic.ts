// Which webhook events are billing facts for the metrics, and what each fact records (pure: the event's payload in,
// the fact out). Times are the payloads' own, which follow a customer's test clock.
import type { WebhookEventType } from '../../contracts/webhook';
import { monthlyAmount } from '../../kernel/money';

/** A billing fact as metrics count it; amounts in minor units of `currency`, `at` the customer's business time. */
export interface FactFields {
  kind: 'order' | 'refund' | 'checkout' | 'subscription';
  /** The order, refund, checkout or subscription the fact is about. */
  sourceId: string;
  at: Date;
  currency: string;
  customerId: string | null;
  productId: string | null;
  /** A refund's order. */
  orderId: string | null;
  billingReason: string | null;
  recurring: boolean;
  /** An order's net amount (before tax), a refund's amount (before tax). */
  amount: number;
  tax: number;
  /** A subscription's or a checkout's status. */
  status: string | null;
  mrr: number;
  trialMrr: number;
  cancelRequested: boolean;
  cancelReason: string | null;
}
type Payload = Record<string, unknown>;

/** Statuses whose subscriptions are recurring revenue: a trial, a pause or an ended subscription is not. */
export const MRR_STATUSES: readonly string[] = ['active', 'past_due'];

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const time = (...values: unknown[]) => new Date(values.map(text).find((v) => v !== null) ?? NaN);

/** The fact an event records, or null: orders once paid, refunds once succeeded, checkouts, every subscription state. */
export function factOf(type: WebhookEventType, data: Payload): FactFields | null {
  if (type === 'order.paid') return orderFact(data);
  // A refund is written pending; it succeeds once, by its flow (refund.updated).
  if (type === 'refund.updated') return data.status === 'succeeded' ? refundFact(data) : null;
  if (type === 'checkout.created') return checkoutFact(data);
  if (type === 'checkout.updated') return data.status === 'succeeded' ? checkoutFact(data) : null;
  if (type.startsWith('subscription.')) return subscriptionFact(data);
  return null;
}

const base = (data: Payload) => ({
  sourceId: String(data.id),
  currency: String(data.currency),
  customerId: text(data.customer_id),
  productId: text(data.product_id),
  orderId: null,
  billingReason: null,
  amount: 0,
  tax: 0,
  status: null,
  mrr: 0,
  trialMrr: 0,
  cancelRequested: false,
  cancelReason: null,
});

function orderFact(data: Payload): FactFields {
  return {
    ...base(data),
    kind: 'order',
    at: time(data.modified_at, data.created_at),
    billingReason: text(data.billing_reason),
    recurring: data.subscription_id != null,
    amount: count(data.net_amount),
    tax: count(data.tax_amount),
  };
}

function refundFact(data: Payload): FactFields {
  return {
    ...base(data),
    kind: 'refund',
    at: time(data.created_at),
    productId: null,
    orderId: text(data.order_id),
    recurring: data.subscription_id != null,
    amount: count(data.amount),
    tax: count(data.tax_amount),
  };
}

function checkoutFact(data: Payload): FactFields {
  const product = data.product as { is_recurring?: boolean } | null;
  return {
    ...base(data),
    kind: 'checkout',
    at: time(data.created_at),
    recurring: product?.is_recurring === true,
    status: text(data.status),
  };
}

function subscriptionFact(data: Payload): FactFields {
  const status = String(data.status);
  const monthly = monthlyAmount(
    count(data.amount),
    data.recurring_interval as 'day' | 'week' | 'month' | 'year',
    count(data.recurring_interval_count) || 1,
  );
  return {
    ...base(data),
    kind: 'subscription',
    at: time(data.modified_at, data.created_at),
    recurring: true,
    status,
    mrr: MRR_STATUSES.includes(status) ? monthly : 0,
    trialMrr: status === 'trialing' ? monthly : 0,
    cancelRequested: data.cancel_at_period_end === true || status === 'canceled',
    cancelReason: text(data.customer_cancellation_reason),
  };
}
