// A subscription in the smaller shape orders (and customer state) embed: its own fields, none of what it refers to.
import type { OrderSubscription } from '../../contracts/order-subscription';
import type { Subscription } from './subscription.entity';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function orderSubscriptionOutput(s: Subscription): OrderSubscription {
  return {
    metadata: s.metadata,
    created_at: s.createdAt.toISOString(),
    modified_at: iso(s.modifiedAt),
    id: s.id,
    amount: s.amount,
    currency: s.currency,
    recurring_interval: s.recurringInterval,
    recurring_interval_count: s.recurringIntervalCount,
    status: s.status,
    current_period_start: s.currentPeriodStart.toISOString(),
    current_period_end: s.currentPeriodEnd.toISOString(),
    current_meter_period_start: null,
    current_meter_period_end: null,
    trial_start: iso(s.trialStart),
    trial_end: iso(s.trialEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: iso(s.canceledAt),
    started_at: iso(s.startedAt),
    ends_at: iso(s.endsAt),
    ended_at: iso(s.endedAt),
    past_due_at: iso(s.pastDueAt),
    pause_at_period_end: s.pauseAtPeriodEnd,
    paused_at: iso(s.pausedAt),
    resumes_at: iso(s.resumesAt),
    customer_id: s.customerId,
    product_id: s.productId,
    discount_id: s.discountId,
    checkout_id: s.checkoutId,
    seats: s.seats,
    units: null,
    customer_cancellation_reason: s.customerCancellationReason,
    customer_cancellation_comment: s.customerCancellationComment,
  };
}
