// Shadow billing's path through the renewal code: a subscription's next renewals as the renewal step bills them
// (`renewalOf`, `enterPeriod`, `subscriptionOrder`, the discount's duration), on a copy of its row that is never saved,
// paid at once (nothing is charged), with what the renewals read given by the caller — where a draft change enters.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Address } from '../../contracts/address';
import type { Product as ProductOutput } from '../../contracts/product';
import type { Discount } from '../discount';
import type { SellerOfRecord, TaxCustomer } from '../tax';
import { discountForPeriod } from './current-discount';
import { enterPeriod, renewalOf } from './next-renewal';
import { paused, resumed } from './pause-subscription';
import { Subscription } from './subscription.entity';
import { subscriptionOrder } from './subscription-order';
import { taxCustomerOf } from './subscription-tax';

/** What the shadow renewals read: the real catalog, discounts and tax rules, or a draft of them. */
export interface ShadowReads {
  seller: SellerOfRecord;
  product(organizationId: string, productId: string, start: Date): Promise<ProductOutput>;
  discount(organizationId: string, discountId: string, start: Date): Promise<Discount | null>;
  /** The period's charge before discount where a draft reprices it; undefined: the subscription's own. */
  reprice?(plan: ShadowPlan, start: Date): number | undefined;
  /** The tax where a draft rate applies; undefined: the tax rules as they stand. */
  tax?(buyer: TaxCustomer, behavior: 'inclusive' | 'exclusive', taxable: number, at: Date): number | undefined;
}

export interface ShadowPlan {
  productId: string;
  priceId: string;
  currency: string;
  seats: number | null;
  priceAmount: number;
}

/** One renewal's order as it would be written. */
export interface ShadowRenewal {
  periodStart: string;
  periodEnd: string;
  lines: { label: string; amount: number }[];
  discountAmount: number;
  netAmount: number;
  taxAmount: number;
  totalAmount: number;
}

/** The subscription a shadow run starts from: its row as read, detached, and who it bills. */
export interface ShadowSubscription {
  id: string;
  customerId: string;
  productId: string;
  currency: string;
  recurringInterval: Subscription['recurringInterval'];
  recurringIntervalCount: number;
  row: Subscription;
}

/** Filters of the subscriptions a draft change reaches. */
export interface ShadowFilter {
  productId?: string;
  currency?: string;
  discountId?: string;
  country?: string;
  state?: string | null;
}

const RENEWING = `(status in ('trialing', 'active', 'past_due') or (status = 'paused' and resumes_at is not null))
  and not cancel_at_period_end`;

/** The ids of the organization's subscriptions that renew again and match `filter`, in id order. */
export async function shadowSubscriptionIds(
  em: EntityManager,
  organizationId: string,
  filter: ShadowFilter,
): Promise<string[]> {
  const where = [`organization_id = ?`, RENEWING];
  const params: unknown[] = [organizationId];
  const add = (sql: string, value: unknown) => (where.push(sql), params.push(value));
  if (filter.productId) add('product_id = ?', filter.productId);
  if (filter.currency) add('currency = ?', filter.currency);
  if (filter.discountId) add('discount_id = ?', filter.discountId);
  if (filter.country) add(`billing_address->>'country' = ?`, filter.country);
  if (filter.state) add(`upper(regexp_replace(billing_address->>'state', '^(US|CA)-', '', 'i')) = ?`, filter.state);
  const rows = await em.execute<{ id: string }[]>(
    `select id from subscription where ${where.join(' and ')} order by id`,
    params,
  );
  return rows.map((r) => r.id);
}

/** The subscriptions `ids` as read, detached from `em` so that nothing done to them is ever written. */
export async function shadowSubscriptions(em: EntityManager, ids: readonly string[]): Promise<ShadowSubscription[]> {
  const rows = await em.find(Subscription, { id: { $in: [...ids] } }, { orderBy: { id: 'asc' } });
  em.clear();
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customerId,
    productId: row.productId,
    currency: row.currency,
    recurringInterval: row.recurringInterval,
    recurringIntervalCount: row.recurringIntervalCount,
    row,
  }));
}

/** A fresh copy of the row, so that two runs (as things stand, and with the draft) start from the same state. */
function copyOf(row: Subscription): Subscription {
  const copy = Object.assign(Object.create(Subscription.prototype) as Subscription, row);
  const json = <T>(value: T): T => (value == null ? value : (JSON.parse(JSON.stringify(value)) as T));
  return Object.assign(copy, {
    pendingItems: json(row.pendingItems),
    pendingUpdate: json(row.pendingUpdate),
    billingAddress: json<Address | null>(row.billingAddress),
  });
}

/** The start of the next renewal (its resume date for a paused one), as `nextRenewalOrder`; null when none follows. */
function nextStart(s: Subscription): Date | null {
  if (s.status === 'canceled' || s.cancelAtPeriodEnd) return null;
  if (s.status !== 'paused' && !s.pauseAtPeriodEnd) return s.currentPeriodEnd;
  const resumesAt = s.resumesAt;
  if (!resumesAt) return null;
  if (s.pauseAtPeriodEnd) paused(s, s.currentPeriodEnd);
  resumed(s, resumesAt);
  return resumesAt;
}

/** The next `cycles` renewals of `subscription`, each paid (a trial or a past-due period behind it is active after). */
export async function shadowRenewals(
  subscription: ShadowSubscription,
  cycles: number,
  reads: ShadowReads,
): Promise<ShadowRenewal[]> {
  const s = copyOf(subscription.row);
  const renewals: ShadowRenewal[] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    const start = nextStart(s);
    if (!start) break;
    const renewal = await renewalOf(s, start, {
      // Read once the period began (a scheduled change may have moved the plan), before its charge is priced.
      product: async (productId) => {
        const plan = { productId, priceId: s.priceId, currency: s.currency, seats: s.seats };
        s.priceAmount = reads.reprice?.({ ...plan, priceAmount: s.priceAmount }, start) ?? s.priceAmount;
        return reads.product(s.organizationId, productId, start);
      },
      discount: async () =>
        s.discountId ? discountForPeriod(s, await reads.discount(s.organizationId, s.discountId, start), start) : null,
    });
    const bill = renewal.bill(`${s.id}:${start.toISOString()}`, start);
    const taxable = bill.lines.reduce((sum, line) => sum + line.amount, 0) - bill.discountAmount;
    const tax = reads.tax?.(taxCustomerOf(s), s.taxBehavior, taxable, start);
    const order = subscriptionOrder(reads.seller, s, tax === undefined ? bill : { ...bill, tax });
    enterPeriod(s, start, renewal);
    if (s.status !== 'paused') s.status = 'active';
    renewals.push({
      periodStart: start.toISOString(),
      periodEnd: renewal.end.toISOString(),
      lines: order.items.map((item) => ({ label: item.label, amount: item.amount })),
      discountAmount: order.discountAmount,
      netAmount: order.netAmount,
      taxAmount: order.taxAmount,
      totalAmount: order.netAmount + order.taxAmount,
    });
  }
  return renewals;
}
