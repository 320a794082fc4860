// The raw billing facts of a metrics test, read from the webhooks a receiver got (payloads carry test-clock times).
import type { Facts, SubscriptionState } from './metrics-calculator';
import type { ReceivedWebhook } from './webhook-receiver';

export const FACT_EVENTS = [
  'order.paid',
  'refund.created',
  'refund.updated',
  'checkout.created',
  'checkout.updated',
  'subscription.created',
  'subscription.updated',
];

type Data = Record<string, any>;
const time = (iso: string) => Date.parse(iso);

export function factsFrom(received: ReceivedWebhook[]): Facts {
  const of = (...types: string[]) =>
    received.filter((r) => types.includes(r.json.type)).map((r) => r.json.data as Data);
  const lastById = (items: Data[]) => new Map(items.map((d) => [d.id as string, d]));

  const orders = [...lastById(of('order.paid')).values()].map((o) => ({
    id: o.id,
    productId: o.product_id,
    customerId: o.customer_id,
    at: time(o.modified_at ?? o.created_at),
    currency: o.currency,
    billingReason: o.billing_reason,
    total: o.total_amount,
    net: o.net_amount,
    tax: o.tax_amount ?? 0,
  }));
  const refunds = [...lastById(of('refund.created', 'refund.updated')).values()]
    .filter((r) => r.status === 'succeeded')
    .map((r) => ({
      id: r.id,
      productId: null,
      customerId: r.customer_id,
      at: time(r.created_at),
      currency: r.currency,
      orderId: r.order_id,
      amount: r.amount,
      tax: r.tax_amount,
    }));
  const checkoutEvents = of('checkout.created', 'checkout.updated');
  const checkouts = [...lastById(checkoutEvents).values()].map((c) => ({
    id: c.id,
    productId: c.product_id,
    customerId: c.customer_id,
    at: time(c.created_at),
    currency: c.currency,
    succeeded: checkoutEvents.some((e) => e.id === c.id && e.status === 'succeeded'),
  }));

  const states = new Map<string, SubscriptionState[]>();
  for (const s of of('subscription.created', 'subscription.updated')) {
    const state: SubscriptionState = {
      id: s.id,
      productId: s.product_id,
      customerId: s.customer_id,
      at: time(s.modified_at ?? s.created_at),
      currency: s.currency,
      status: s.status,
      amount: s.amount,
      interval: s.recurring_interval,
      count: s.recurring_interval_count,
      cancelAtPeriodEnd: s.cancel_at_period_end,
      reason: s.customer_cancellation_reason,
    };
    states.set(s.id, [...(states.get(s.id) ?? []), state]);
  }
  for (const [id, history] of states) states.set(id, lastPerInstant(history));
  return { orders, refunds, checkouts, states };
}

/** In business-time order (stable: deliveries of one resource arrive in order), the last state at each instant. */
function lastPerInstant(history: SubscriptionState[]): SubscriptionState[] {
  const sorted = history.map((s, i) => ({ s, i })).sort((a, b) => a.s.at - b.s.at || a.i - b.i);
  return sorted.map(({ s }) => s).filter((s, i, all) => i === all.length - 1 || all[i + 1].at !== s.at);
}
