// Which webhook events are entries of a customer's billing timeline, and what each says (pure: the event's payload
// and its cause in, the entry out). Several events of one transaction about one resource make one entry (the last).
import type { TimelineEntryType } from '../../contracts/timeline';
import type { WebhookEventType } from '../../contracts/webhook';
import { formatAmount } from '../../kernel/money';

type Payload = Record<string, unknown>;

export interface EntryFields {
  type: TimelineEntryType;
  customerId: string;
  /** The customer's business time (a test clock's time for its customers); null: the customer's time now. */
  at: Date | null;
  resourceType: string;
  resourceId: string;
  subscriptionId: string | null;
  amount: number | null;
  currency: string | null;
  summary: string;
  details: Record<string, unknown>;
  /** An entry recorded once whatever repeats it (a status announced again). */
  dedupeKey: string | null;
}

/** What caused the event, as far as the entry needs it: a subscription change is told by its command. */
export interface EventCause {
  type: string;
  name: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const time = (...values: unknown[]): Date => new Date(values.map(text).find((v) => v !== null) ?? 0);
const money = (amount: unknown, currency: unknown) => formatAmount(Number(amount ?? 0), String(currency ?? 'usd'));
const day = (value: unknown) => text(value)?.slice(0, 10) ?? 'an unknown date';
const nameOf = (value: unknown): string => text((value as { name?: unknown } | null)?.name) ?? 'a product';

/** The timeline entry an event makes, or null when it makes none (no customer yet, or nothing a customer sees). */
export function entryOf(type: WebhookEventType, data: Payload, cause: EventCause | null): EntryFields | null {
  const customerId = text(data.customer_id);
  if (!customerId) return null;
  const entry = ENTRIES[type]?.(data, cause);
  return entry ? { customerId, subscriptionId: text(data.subscription_id), dedupeKey: null, ...entry } : null;
}

type Made = Omit<EntryFields, 'customerId' | 'subscriptionId' | 'dedupeKey'> &
  Partial<Pick<EntryFields, 'subscriptionId' | 'dedupeKey'>>;
type Maker = (data: Payload, cause: EventCause | null) => Made | null;

const ENTRIES: Partial<Record<WebhookEventType, Maker>> = {
  'checkout.created': (data) => checkout(data, 'checkout.created', `Checkout opened for ${nameOf(data.product)}`),
  'checkout.updated': (data) => {
    const status = text(data.status);
    if (status === 'succeeded') return checkout(data, 'checkout.succeeded', `Checkout completed`);
    if (status === 'failed') return checkout(data, 'checkout.failed', `Checkout failed`);
    return null;
  },
  'checkout.expired': (data) => checkout(data, 'checkout.expired', 'Checkout expired'),
  'order.created': (data) =>
    data.status === 'pending'
      ? order(
          data,
          'order.created',
          `Order created: ${text(data.description)}, ${money(data.total_amount, data.currency)} due`,
        )
      : null,
  'order.paid': (data) =>
    order(data, 'order.paid', `Order paid: ${text(data.description)}, ${money(data.total_amount, data.currency)}`),
  'order.updated': orderUpdate,
  'subscription.created': (data) =>
    subscription(
      data,
      'subscription.created',
      data.status === 'trialing'
        ? `Subscribed to ${nameOf(data.product)} with a trial until ${day(data.trial_end)}`
        : `Subscribed to ${nameOf(data.product)}`,
    ),
  'subscription.active': (data) => subscription(data, 'subscription.active', 'Subscription active', 'status'),
  'subscription.cycled': (data) =>
    subscription(
      data,
      'subscription.renewed',
      `Renewed for ${day(data.current_period_start)} to ${day(data.current_period_end)}`,
      String(data.current_period_start),
    ),
  'subscription.updated': (data, cause) => {
    if (cause?.name === 'subscription change')
      return subscription(data, 'subscription.plan_changed', `Plan changed to ${plan(data)}`);
    if (cause?.name === 'subscription pause' && data.pause_at_period_end)
      return subscription(data, 'subscription.pause_scheduled', `Set to pause on ${day(data.current_period_end)}`);
    return null;
  },
  'subscription.canceled': (data) =>
    subscription(
      data,
      'subscription.canceled',
      data.cancel_at_period_end ? `Set to cancel on ${day(data.ends_at)}` : 'Subscription canceled',
    ),
  'subscription.uncanceled': (data) => subscription(data, 'subscription.uncanceled', 'Cancellation withdrawn'),
  'subscription.past_due': (data) =>
    subscription(data, 'subscription.past_due', 'Past due: the renewal payment failed', 'status'),
  'subscription.paused': (data) =>
    subscription(
      data,
      'subscription.paused',
      data.resumes_at ? `Paused until ${day(data.resumes_at)}` : 'Paused',
      String(data.paused_at),
    ),
  'subscription.resumed': (data) => subscription(data, 'subscription.resumed', 'Resumed', String(data.modified_at)),
  'subscription.revoked': (data) => subscription(data, 'subscription.revoked', 'Subscription ended', 'status'),
  'benefit_grant.created': (data) => (data.is_granted ? grant(data, 'benefit.granted', 'Granted') : null),
  'benefit_grant.revoked': (data) => grant(data, 'benefit.revoked', 'Revoked'),
  'refund.created': (data) => refund(data, 'refund.created', 'Refund requested'),
  'refund.updated': (data) => {
    if (data.status === 'succeeded') return refund(data, 'refund.succeeded', 'Refunded');
    if (data.status === 'failed') return refund(data, 'refund.failed', 'Refund failed');
    return null;
  },
};

/** A checkout's times are the wall clock's: its entry takes the customer's time (a test clock's) when recorded. */
function checkout(data: Payload, type: TimelineEntryType, summary: string): Made {
  return {
    type,
    at: null,
    resourceType: 'checkout',
    resourceId: String(data.id),
    amount: Number(data.total_amount ?? 0),
    currency: text(data.currency),
    summary,
    details: { status: data.status, product_id: data.product_id ?? null },
    dedupeKey: `checkout:${String(data.id)}:${type}`,
  };
}

type Item = { label: string; amount: number; tax_amount: number; proration: boolean };
function order(data: Payload, type: TimelineEntryType, summary: string): Made {
  const items = (data.items as Item[] | undefined) ?? [];
  return {
    type,
    at: time(type === 'order.paid' ? data.modified_at : data.created_at, data.created_at),
    resourceType: 'order',
    resourceId: String(data.id),
    amount: Number(data.total_amount ?? 0),
    currency: text(data.currency),
    summary,
    details: {
      billing_reason: data.billing_reason,
      invoice_number: data.invoice_number ?? null,
      subtotal_amount: data.subtotal_amount,
      discount_amount: data.discount_amount,
      tax_amount: data.tax_amount,
      lines: items.map(({ label, amount, tax_amount, proration }) => ({ label, amount, tax_amount, proration })),
      prorations: items.filter((item) => item.proration).length,
    },
    dedupeKey: `order:${String(data.id)}:${type}`,
  };
}

/** An order's update that is news: a retry dunning scheduled, a void, a dispute's opening or change. */
function orderUpdate(data: Payload): Made | null {
  const dispute = data.dispute as { id: string; status: string; amount: number; reason: string | null } | null;
  const base = { resourceType: 'order', resourceId: String(data.id), currency: text(data.currency) };
  if (dispute) {
    const opened = dispute.status === 'needs_response' || dispute.status === 'early_warning';
    return {
      ...base,
      type: opened ? 'dispute.opened' : 'dispute.updated',
      at: time(data.modified_at),
      resourceType: 'dispute',
      resourceId: dispute.id,
      amount: dispute.amount,
      summary: opened ? `Payment disputed (${dispute.reason ?? 'no reason given'})` : `Dispute ${dispute.status}`,
      details: { order_id: data.id, status: dispute.status, reason: dispute.reason },
      dedupeKey: `dispute:${dispute.id}:${dispute.status}`,
    };
  }
  if (data.status === 'pending' && text(data.next_payment_attempt_at))
    return {
      ...base,
      type: 'payment.retry_scheduled',
      at: time(data.modified_at),
      amount: Number(data.total_amount ?? 0),
      summary: `Payment retry scheduled for ${String(data.next_payment_attempt_at).slice(0, 16).replace('T', ' ')} UTC`,
      details: { next_attempt_at: data.next_payment_attempt_at },
      dedupeKey: `retry:${String(data.id)}:${String(data.next_payment_attempt_at)}`,
    };
  if (data.status === 'void')
    return {
      ...base,
      type: 'order.voided',
      at: time(data.modified_at),
      amount: Number(data.total_amount ?? 0),
      summary: 'Order voided: it will not be charged',
      details: {},
      dedupeKey: `order:${String(data.id)}:void`,
    };
  return null;
}

const PRICED = new Set<TimelineEntryType>(['subscription.created', 'subscription.plan_changed']);

/** A subscription's entry; `once` (a status, a period's start) makes it recorded once however often announced. */
function subscription(data: Payload, type: TimelineEntryType, summary: string, once?: string): Made {
  return {
    type,
    at: time(data.modified_at, data.created_at),
    resourceType: 'subscription',
    resourceId: String(data.id),
    subscriptionId: String(data.id),
    // Its price where the entry is about the price (a start, a plan change); no money moves in a status change.
    amount: PRICED.has(type) ? Number(data.amount ?? 0) : null,
    currency: text(data.currency),
    summary,
    details: {
      status: data.status,
      product_id: data.product_id,
      product_name: nameOf(data.product),
      seats: data.seats ?? null,
      current_period_start: data.current_period_start,
      current_period_end: data.current_period_end,
      cancel_at_period_end: data.cancel_at_period_end,
      ends_at: data.ends_at ?? null,
      resumes_at: data.resumes_at ?? null,
      reason: data.customer_cancellation_reason ?? null,
    },
    dedupeKey: once
      ? `subscription:${String(data.id)}:${type}:${once === 'status' ? String(data.status) : once}`
      : null,
  };
}

function plan(data: Payload): string {
  const interval = `${Number(data.recurring_interval_count ?? 1) > 1 ? `${String(data.recurring_interval_count)} ` : ''}${String(data.recurring_interval)}`;
  const seats = data.seats ? `, ${String(data.seats)} seats` : '';
  return `${nameOf(data.product)}, ${money(data.amount, data.currency)} per ${interval}${seats}`;
}

function grant(data: Payload, type: TimelineEntryType, verb: string): Made {
  const benefit = data.benefit as { description?: string; type?: string } | null;
  return {
    type,
    at: time(type === 'benefit.revoked' ? data.revoked_at : data.granted_at, data.modified_at, data.created_at),
    resourceType: 'benefit_grant',
    resourceId: String(data.id),
    amount: null,
    currency: null,
    summary: `${verb}: ${benefit?.description ?? 'a benefit'}`,
    details: { benefit_id: data.benefit_id, benefit_type: benefit?.type ?? null, order_id: data.order_id ?? null },
    dedupeKey: `grant:${String(data.id)}:${type}:${String(type === 'benefit.revoked' ? data.revoked_at : data.granted_at)}`,
  };
}

function refund(data: Payload, type: TimelineEntryType, verb: string): Made {
  return {
    type,
    // The request's time is the customer's (its test clock's); its outcome is placed at the customer's time then.
    at: type === 'refund.created' ? time(data.created_at) : null,
    resourceType: 'refund',
    resourceId: String(data.id),
    amount: Number(data.amount ?? 0) + Number(data.tax_amount ?? 0),
    currency: text(data.currency),
    summary: `${verb}: ${money(Number(data.amount ?? 0) + Number(data.tax_amount ?? 0), data.currency)} (${String(data.reason)})`,
    details: { order_id: data.order_id, reason: data.reason, amount: data.amount, tax_amount: data.tax_amount },
    dedupeKey: `refund:${String(data.id)}:${type}`,
  };
}
