// A customer's billing timeline (Bursar's own endpoint, in no client): every billing fact in time order with its
// cause, and the next step each running flow has scheduled.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Pagination } from './list-resource';
import { PageQuery, queryMany, sortingQuery } from './query-params';

export const TIMELINE_ENTRY_TYPES = [
  'checkout.created',
  'checkout.succeeded',
  'checkout.failed',
  'checkout.expired',
  'order.created',
  'order.paid',
  'order.voided',
  'payment.succeeded',
  'payment.failed',
  'payment.retry_scheduled',
  'subscription.created',
  'subscription.active',
  'subscription.renewed',
  'subscription.change_previewed',
  'subscription.plan_changed',
  'subscription.canceled',
  'subscription.uncanceled',
  'subscription.pause_scheduled',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.revoked',
  'benefit.granted',
  'benefit.revoked',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'dispute.opened',
  'dispute.updated',
] as const;
export const TimelineEntryType = z.enum(TIMELINE_ENTRY_TYPES).meta({ id: 'TimelineEntryType' });
export type TimelineEntryType = z.infer<typeof TimelineEntryType>;

export const CAUSE_TYPES = ['command', 'timer', 'processor_event', 'workflow', 'schedule', 'backfill'] as const;
export const TimelineCause = z
  .object({
    type: z.enum(CAUSE_TYPES),
    /** What: the API call (`POST /v1/subscriptions/:id`), the timer (`renewal due`), the processor's event. */
    name: z.string(),
    request_id: z.string().nullable(),
  })
  .meta({ id: 'TimelineCause' });
export type TimelineCause = z.infer<typeof TimelineCause>;

export const TimelineWorkflow = z
  .object({ id: z.string(), run_id: z.string(), activity: z.string(), url: z.string() })
  .meta({
    id: 'TimelineWorkflow',
    description: 'The workflow step that wrote the entry, and its page in the Temporal Web UI.',
  });

export const TimelineDelivery = z
  .object({
    endpoint_id: Uuid,
    status: z.string(),
    http_code: z.int32().nullable(),
    attempts: z.int32(),
    last_attempt_at: Timestamp.nullable(),
  })
  .meta({ id: 'TimelineDelivery' });

const entryFields = {
  id: Uuid,
  at: Timestamp,
  type: TimelineEntryType,
  summary: z.string(),
  resource: z.object({ type: z.string(), id: Uuid }),
  subscription_id: Uuid.nullable(),
  amount: z.int32().nullable(),
  currency: z.string().nullable(),
  /** The fact's particulars: lines (with prorations), a decline's reason, the next attempt, the plan before and after. */
  details: z.record(z.string(), z.unknown()),
  cause: TimelineCause,
};

/** The organization's view: also the workflow step and the webhook deliveries of the event it came from. */
export const TimelineEntry = z
  .object({
    ...entryFields,
    workflow: TimelineWorkflow.nullable(),
    deliveries: z.array(TimelineDelivery),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const CustomerTimelineEntry = z.object(entryFields).meta({ id: 'CustomerTimelineEntry' });
export type CustomerTimelineEntry = z.infer<typeof CustomerTimelineEntry>;

export const UPCOMING_ACTIONS = ['renew', 'end', 'retry_payment', 'pause', 'resume'] as const;
export const TimelineUpcoming = z
  .object({
    subscription_id: Uuid,
    action: z.enum(UPCOMING_ACTIONS),
    at: Timestamp.nullable(),
    /** The subscription's flow, which answered (operators only). */
    workflow_id: z.string().optional(),
  })
  .meta({ id: 'TimelineUpcoming', description: 'The next step a running flow has scheduled, as the flow reports it.' });
export type TimelineUpcoming = z.infer<typeof TimelineUpcoming>;

export const TimelineQuery = z.object({
  ...PageQuery,
  type: queryMany(TimelineEntryType),
  subscription_id: queryMany(Uuid),
  sorting: sortingQuery(['at'], ['-at']),
});
export type TimelineQuery = z.infer<typeof TimelineQuery>;

export const Timeline = z
  .object({ items: z.array(TimelineEntry), pagination: Pagination, upcoming: z.array(TimelineUpcoming) })
  .meta({ id: 'Timeline' });
export type Timeline = z.infer<typeof Timeline>;

export const CustomerTimeline = z
  .object({ items: z.array(CustomerTimelineEntry), pagination: Pagination, upcoming: z.array(TimelineUpcoming) })
  .meta({ id: 'CustomerTimeline' });
export type CustomerTimeline = z.infer<typeof CustomerTimeline>;
