// What the engine billed a cell's customer, read through the API in the calculator's terms.
import type { Call } from '../../support/subscriptions';
import type { Expected, Order, OrderLine, Scenario } from '../scenario';

export const byAmount = (a: OrderLine, b: OrderLine) =>
  a.amount - b.amount || Number(a.proration) - Number(b.proration) || a.tax_amount - b.tax_amount;

export const orderOf = (o: any): Order => ({
  billing_reason: o.billing_reason,
  status: o.status,
  lines: o.items
    .map((i: any) => ({ amount: i.amount, proration: i.proration, tax_amount: i.tax_amount }))
    .sort(byAmount),
  subtotal_amount: o.subtotal_amount,
  discount_amount: o.discount_amount,
  net_amount: o.net_amount,
  tax_amount: o.tax_amount,
  total_amount: o.total_amount,
  refunded_amount: o.refunded_amount,
  refunded_tax_amount: o.refunded_tax_amount,
});

export interface Actual extends Expected {
  /** The API's orders as they are, for the invariants. */
  raw: any[];
}

export async function readBack(call: Call, scenario: Scenario, customerId: string, subscriptionId: string | null) {
  const raw = (await call('GET', `/v1/orders/?customer_id=${customerId}&limit=100&sorting=created_at`)).body.items;
  const refunds = (await call('GET', `/v1/refunds/?customer_id=${customerId}&limit=100&sorting=created_at`)).body.items;
  const subscription = subscriptionId && (await call('GET', `/v1/subscriptions/${subscriptionId}`)).body;
  const actual: Actual = {
    raw,
    orders: raw.map(orderOf),
    refunds: refunds
      .filter((r: any) => r.status === 'succeeded')
      .map((r: any) => ({
        order: raw.findIndex((o: any) => o.id === r.order_id),
        amount: r.amount,
        tax_amount: r.tax_amount,
      })),
    subscription: subscription
      ? { status: subscription.status, amount: subscription.amount, mrr: await mrrOf(call, scenario, customerId) }
      : null,
  };
  return actual;
}

/** The customer's MRR on the clock's day, as the metrics API counts it. */
async function mrrOf(call: Call, scenario: Scenario, customerId: string): Promise<number> {
  const day = scenario.until.slice(0, 10);
  const query = `start_date=${day}&end_date=${day}&interval=day&customer_id=${customerId}&currency=${scenario.currency}`;
  const metrics = await call('GET', `/v1/metrics/?${query}`);
  if (metrics.status !== 200) throw new Error(`metrics: ${metrics.status} ${JSON.stringify(metrics.body)}`);
  return metrics.body.totals.monthly_recurring_revenue;
}
