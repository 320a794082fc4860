// Pure rules of a simulation's answer: each subscription's renewals as things stand and with the draft, side by side;
// per customer; and the totals and the revenue of each month, per currency.
import type { SimulationBill, SimulationCustomer, SimulationSubscription } from '../../contracts/simulation';
import type { RecurringInterval } from '../../kernel/calendar';
import { monthlyAmount } from '../../kernel/money';

/** One renewal's order, as the shadow run returns it. */
export interface Renewal {
  periodStart: string;
  periodEnd: string;
  lines: { label: string; amount: number }[];
  discountAmount: number;
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
}

export interface SubscriptionRun {
  subscriptionId: string;
  customerId: string;
  productId: string;
  currency: string;
  interval: RecurringInterval;
  intervalCount: number;
  old: readonly Renewal[];
  new: readonly Renewal[];
}

const bill = (r: Renewal | undefined): SimulationBill => ({
  lines: r?.lines ?? [],
  discount_amount: r?.discountAmount ?? 0,
  net_amount: r?.netAmount ?? 0,
  tax_amount: r?.taxAmount ?? 0,
  total_amount: r?.totalAmount ?? 0,
});
const sum = (renewals: readonly Renewal[], field: 'totalAmount' | 'netAmount') =>
  renewals.reduce((total, r) => total + r[field], 0);

/** A subscription's cycles side by side, its totals and the change of its monthly revenue at the last cycle. */
export function subscriptionDiff(run: SubscriptionRun): SimulationSubscription {
  const cycles = Array.from({ length: Math.max(run.old.length, run.new.length) }, (_, i) => {
    const [before, after] = [run.old[i], run.new[i]];
    const at = (after ?? before)!;
    return {
      period_start: at.periodStart,
      period_end: at.periodEnd,
      old: bill(before),
      new: bill(after),
      difference: (after?.totalAmount ?? 0) - (before?.totalAmount ?? 0),
    };
  });
  const mrr = (renewals: readonly Renewal[]) =>
    monthlyAmount(renewals.at(-1)?.netAmount ?? 0, run.interval, run.intervalCount);
  const [oldAmount, newAmount] = [sum(run.old, 'totalAmount'), sum(run.new, 'totalAmount')];
  return {
    subscription_id: run.subscriptionId,
    product_id: run.productId,
    currency: run.currency,
    old_amount: oldAmount,
    new_amount: newAmount,
    difference: newAmount - oldAmount,
    old_revenue: sum(run.old, 'netAmount'),
    new_revenue: sum(run.new, 'netAmount'),
    monthly_revenue_change: mrr(run.new) - mrr(run.old),
    cycles,
  };
}

type Amounts = Pick<
  SimulationSubscription,
  'old_amount' | 'new_amount' | 'difference' | 'old_revenue' | 'new_revenue' | 'monthly_revenue_change'
>;
const AMOUNT_FIELDS = [
  'old_amount',
  'new_amount',
  'difference',
  'old_revenue',
  'new_revenue',
  'monthly_revenue_change',
] as const;
const zero = (): Amounts => Object.fromEntries(AMOUNT_FIELDS.map((f) => [f, 0])) as unknown as Amounts;
const addTo = (total: Amounts, part: Amounts) => AMOUNT_FIELDS.forEach((f) => (total[f] += part[f]));

/** A customer's subscriptions (of one currency), in the order given, with their sums. */
export function customerDiffs(
  rows: readonly { customerId: string; result: SimulationSubscription }[],
): SimulationCustomer[] {
  const byKey = new Map<string, SimulationCustomer>();
  for (const { customerId, result } of rows) {
    const key = `${customerId}:${result.currency}`;
    const customer = byKey.get(key) ?? {
      customer_id: customerId,
      currency: result.currency,
      ...zero(),
      subscriptions: [],
    };
    addTo(customer, result);
    customer.subscriptions.push(result);
    byKey.set(key, customer);
  }
  return [...byKey.values()];
}

export interface SimulationSums {
  totals: (Amounts & { currency: string; subscriptions: number; customers: number })[];
  months: { month: string; currency: string; old_revenue: number; new_revenue: number; difference: number }[];
}

/** Per currency: the sums of every subscription, and each calendar month's revenue of the renewals starting in it. */
export function simulationSums(
  rows: readonly { customerId: string; result: SimulationSubscription }[],
): SimulationSums {
  const totals = new Map<string, SimulationSums['totals'][number] & { seen: Set<string> }>();
  const months = new Map<string, SimulationSums['months'][number]>();
  for (const { customerId, result } of rows) {
    const total = totals.get(result.currency) ?? {
      currency: result.currency,
      subscriptions: 0,
      customers: 0,
      ...zero(),
      seen: new Set<string>(),
    };
    addTo(total, result);
    total.subscriptions += 1;
    total.seen.add(customerId);
    totals.set(result.currency, total);
    for (const cycle of result.cycles) {
      const month = cycle.period_start.slice(0, 7);
      const key = `${result.currency}:${month}`;
      const entry = months.get(key) ?? {
        month,
        currency: result.currency,
        old_revenue: 0,
        new_revenue: 0,
        difference: 0,
      };
      entry.old_revenue += cycle.old.net_amount;
      entry.new_revenue += cycle.new.net_amount;
      entry.difference = entry.new_revenue - entry.old_revenue;
      months.set(key, entry);
    }
  }
  const byCurrency = (a: { currency: string }, b: { currency: string }) => a.currency.localeCompare(b.currency);
  return {
    totals: [...totals.values()].map(({ seen, ...total }) => ({ ...total, customers: seen.size })).sort(byCurrency),
    months: [...months.values()].sort((a, b) => byCurrency(a, b) || a.month.localeCompare(b.month)),
  };
}
