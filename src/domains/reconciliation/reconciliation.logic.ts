// The conservation laws judged from what the readers summed: pure, so each law's arithmetic has table tests.
import type { ReconciliationBreak, ReconciliationLaw, ReconciliationLawName } from '../../contracts/reconciliation';

/** The most breaking rows a law lists (it counts them all). */
export const MAX_BREAKS = 100;

/** Quantities as numbers, rounded to what a meter's decimal sums carry (no float dust in totals or comparisons). */
const round = (value: number) => Math.round(value * 1e9) / 1e9;

function law(
  name: ReconciliationLawName,
  statement: string,
  totals: ReconciliationLaw['totals'],
  breaks: ReconciliationBreak[],
): ReconciliationLaw {
  return {
    law: name,
    statement,
    ok: breaks.length === 0,
    totals,
    breaking: breaks.slice(0, MAX_BREAKS),
    breaking_count: breaks.length,
  };
}

const brk = (
  reason: string,
  ids: Record<string, string>,
  expected: number | null = null,
  actual: number | null = null,
): ReconciliationBreak => ({ reason, ids, expected, actual });

/** One metered line of a billed period, with the events of that period as ingested and as rated (rolled up). */
export interface UsagePeriod {
  orderId: string;
  meterId: string;
  customerId: string;
  invoiced: number;
  ingested: number;
  /** The events over the whole hours the period touches, and their rollups (null: the meter's rollups are rebuilding). */
  ingestedHours: number;
  rated: number | null;
}

export function usageLaw(periods: UsagePeriod[]): ReconciliationLaw {
  const breaks: ReconciliationBreak[] = [];
  let ingested = 0;
  let rated = 0;
  let invoiced = 0;
  for (const p of periods) {
    ingested += p.ingested;
    rated += p.rated ?? p.ingestedHours;
    invoiced += p.invoiced;
    const ids = { order_id: p.orderId, meter_id: p.meterId, customer_id: p.customerId };
    if (p.rated !== null && round(p.rated) !== round(p.ingestedHours))
      breaks.push(brk('rated_differs_from_ingested', ids, round(p.ingestedHours), round(p.rated)));
    if (round(p.invoiced) !== round(p.ingested))
      breaks.push(brk('invoiced_differs_from_ingested', ids, round(p.ingested), round(p.invoiced)));
  }
  return law(
    'usage',
    'Per meter and customer, over each billed period that ended in the range: usage ingested = rated = invoiced.',
    { periods: periods.length, ingested: round(ingested), rated: round(rated), invoiced: round(invoiced) },
    breaks,
  );
}

/** A customer meter's credit ledger up to the range's end, and what billing consumed of it at its resets. */
export interface CreditLedger {
  customerMeterId: string;
  customerId: string;
  meterId: string;
  /** Units credited by grants, and withdrawn from them (revocations, a grant's next cycle). */
  granted: number;
  withdrawn: number;
  /** Units the resets took (consumed or expired) net of what they carried over. */
  resetOut: number;
  /** Credited units billing set against usage at the same resets: min(consumed, credited) of each billed period. */
  consumed: number;
  /** Every ledger row summed, and the customer meter's balance it must equal. */
  ledger: number;
  balance: number;
  /** Ledger rows of a second reset of one billed period. */
  duplicateResetIds: string[];
}

export function creditLaw(ledgers: CreditLedger[]): ReconciliationLaw {
  const breaks: ReconciliationBreak[] = [];
  const totals = { granted: 0, withdrawn: 0, consumed: 0, expired: 0, remaining: 0 };
  for (const l of ledgers) {
    const expired = l.resetOut - l.consumed;
    const remaining = l.granted - l.withdrawn - l.resetOut;
    totals.granted += l.granted;
    totals.withdrawn += l.withdrawn;
    totals.consumed += l.consumed;
    totals.expired += expired;
    totals.remaining += remaining;
    const ids = { customer_meter_id: l.customerMeterId, meter_id: l.meterId, customer_id: l.customerId };
    if (l.ledger !== l.balance) breaks.push(brk('ledger_differs_from_balance', ids, l.ledger, l.balance));
    if (expired < 0) breaks.push(brk('consumed_more_than_credited', ids, l.resetOut, l.consumed));
    for (const id of l.duplicateResetIds) breaks.push(brk('period_reset_twice', { ...ids, meter_credit_id: id }));
  }
  return law(
    'credits',
    'Meter credits granted = withdrawn + consumed + expired + remaining; the ledger sums to each balance, one reset per billed period.',
    totals,
    breaks,
  );
}

/** Succeeded processor charges of one currency by what they paid, and the ids of those that paid nothing. */
export interface ChargeGroup {
  currency: string;
  kind: 'paid_order' | 'pending' | 'without_order' | 'void_order';
  amount: number;
  ids: string[];
}

export interface UnchargedOrder {
  orderId: string;
  currency: string;
  amount: number;
}

export function chargeLaw(groups: ChargeGroup[], uncharged: UnchargedOrder[]): ReconciliationLaw {
  const totals: Record<string, Record<string, number>> = { charged: {}, paid_orders: {}, pending: {}, unmatched: {} };
  const add = (figure: string, currency: string, amount: number) =>
    (totals[figure][currency] = (totals[figure][currency] ?? 0) + amount);
  const breaks: ReconciliationBreak[] = [];
  for (const g of groups) {
    add('charged', g.currency, g.amount);
    if (g.kind === 'paid_order') add('paid_orders', g.currency, g.amount);
    else if (g.kind === 'pending') add('pending', g.currency, g.amount);
    else {
      add('unmatched', g.currency, g.amount);
      for (const id of g.ids) breaks.push(brk(`charge_${g.kind}`, { payment_id: id }));
    }
  }
  for (const o of uncharged) breaks.push(brk('paid_order_without_charge', { order_id: o.orderId }, o.amount, 0));
  return law(
    'charges',
    'Succeeded processor charges = charges of paid orders + pending (an order or checkout still settling); every paid order was charged.',
    totals,
    breaks,
  );
}

export interface RefundGroup {
  currency: string;
  refunded: number;
  creditNoted: number;
  withoutCreditNote: string[];
}

export interface RefundedOrder {
  orderId: string;
  refunds: number;
  refundedAmount: number;
}

export function refundLaw(groups: RefundGroup[], orders: RefundedOrder[]): ReconciliationLaw {
  const totals: Record<string, Record<string, number>> = { refunded: {}, credit_notes: {} };
  const breaks: ReconciliationBreak[] = [];
  for (const g of groups) {
    totals.refunded[g.currency] = g.refunded;
    totals.credit_notes[g.currency] = g.creditNoted;
    for (const id of g.withoutCreditNote) breaks.push(brk('refund_without_credit_note', { refund_id: id }));
  }
  for (const o of orders)
    if (o.refunds !== o.refundedAmount)
      breaks.push(brk('order_refunded_amount_differs', { order_id: o.orderId }, o.refunds, o.refundedAmount));
  return law(
    'refunds',
    'Succeeded refunds = credit notes issued for them; each order’s refunded amount = its succeeded refunds.',
    totals,
    breaks,
  );
}

/** A source (paid order or subscription) and one benefit of its product, with the grant found for them. */
export interface Entitlement {
  source: 'order' | 'subscription';
  sourceId: string;
  benefitId: string;
  /** Whether the source entitles its customer to the benefit now (paid and not revoked; subscription live). */
  entitled: boolean;
  grantId: string | null;
  granted: boolean;
  revoked: boolean;
}

export function benefitLaw(entitlements: Entitlement[]): ReconciliationLaw {
  const totals = { to_grant: 0, granted: 0, to_revoke: 0, revoked: 0 };
  const breaks: ReconciliationBreak[] = [];
  for (const e of entitlements) {
    const ids: Record<string, string> = { [`${e.source}_id`]: e.sourceId, benefit_id: e.benefitId };
    if (e.grantId) ids.benefit_grant_id = e.grantId;
    if (e.entitled) {
      totals.to_grant += 1;
      if (e.granted && !e.revoked) totals.granted += 1;
      else breaks.push(brk(e.grantId ? 'benefit_not_granted' : 'benefit_grant_missing', ids));
    } else if (e.grantId && e.granted) {
      totals.to_revoke += 1;
      if (e.revoked) totals.revoked += 1;
      else breaks.push(brk('benefit_not_revoked', ids));
    }
  }
  return law(
    'benefits',
    'Every paid order and live subscription has its product’s benefits granted; every refunded-with-revoke, disputed or ended one has them revoked.',
    totals,
    breaks,
  );
}

/** An event's fan-out to one endpoint subscribed when it was written, with its first delivery's status. */
export interface EventDeliveries {
  events: number;
  expected: number;
  delivered: number;
  pending: number;
  failed: number;
  /** Given up before an attempt: the endpoint was disabled or deleted meanwhile. */
  skipped: number;
  missing: { eventId: string; endpointId: string }[];
}

export function eventLaw(d: EventDeliveries): ReconciliationLaw {
  return law(
    'events',
    'Every event written reached each subscribed endpoint: delivered, pending (or still in the outbox), failed for good after its retries, or skipped.',
    {
      events: d.events,
      expected_deliveries: d.expected,
      delivered: d.delivered,
      pending: d.pending,
      failed: d.failed,
      skipped: d.skipped,
      missing: d.missing.length,
    },
    d.missing.map((m) => brk('event_not_delivered', { event_id: m.eventId, endpoint_id: m.endpointId })),
  );
}

/** The UTC day before `now`, as YYYY-MM-DD: the day a daily run reconciles. */
export const previousDay = (now: Date): string => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
