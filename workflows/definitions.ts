// Every flow's name, id, input and messages in one pure place, shared by the workflows and the code that starts them
// or sends to them. The names and id formats are recorded in running histories: never change them.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { CheckoutConfirm } from '../src/contracts/checkout-update';
import type { DeliveryPolicy } from '../src/contracts/webhook-delivery-policy';
import type { RecurringInterval } from '../src/kernel/calendar';
import type { PauseCommand, PauseSchedule, UpcomingSchedule } from './subscription-definitions';

export type { UpcomingSchedule };

/** Workflow type names (the exported workflow functions). */
export const WORKFLOW_TYPES = {
  checkout: 'checkoutSession',
  order: 'orderLifecycle',
  invoice: 'invoiceGeneration',
  receipt: 'receiptRendering',
  refund: 'refundLifecycle',
  subscription: 'subscriptionLifecycle',
  webhookDelivery: 'webhookDelivery',
  webhookEndpoint: 'webhookEndpointDeliveries',
  testClock: 'testClockLifecycle',
  benefitGrant: 'benefitGrantLifecycle',
  grantFanOut: 'benefitGrantFanOut',
  purgeIdempotencyKeys: 'purgeIdempotencyKeys',
  email: 'sendEmail',
  meterRollups: 'meterRollupRebuild',
  eventPartitions: 'ensureEventPartitions',
  dispute: 'disputeLifecycle',
  seat: 'seatLifecycle',
  reconciliation: 'reconcileBooks',
} as const;

export const checkoutWorkflowId = (checkoutId: string) => `checkout:${checkoutId}`;
export const orderWorkflowId = (orderId: string) => `order:${orderId}`;
export const invoiceWorkflowId = (orderId: string) => `invoice:${orderId}`;
/** One rendering per receipt revision (a refund makes a new one). */
export const receiptWorkflowId = (orderId: string, revision: number) => `receipt:${orderId}:${revision}`;
export const refundWorkflowId = (refundId: string) => `refund:${refundId}`;
export const subscriptionWorkflowId = (subscriptionId: string) => `subscription:${subscriptionId}`;
export const testClockWorkflowId = (testClockId: string) => `test-clock:${testClockId}`;
/** One per change that reaches many grants (`changeId`: a fresh id per change). */
export const grantFanOutWorkflowId = (kind: string, id: string, changeId: string) =>
  `grant-fan-out:${kind}:${id}:${changeId}`;
/** One per benefit, customer and source (the order, subscription or seat that grants it). */
export const benefitGrantWorkflowId = (benefitId: string, customerId: string, sourceId: string) =>
  `grant:${benefitId}:${customerId}:${sourceId}`;
/** One delivery per event and endpoint; a redelivery is a flow of its own. */
export const webhookWorkflowId = (eventId: string, endpointId: string, redeliveryId?: string) =>
  redeliveryId ? `webhook:${eventId}:${endpointId}:redelivery:${redeliveryId}` : `webhook:${eventId}:${endpointId}`;
/** One flow per endpoint takes its deliveries' first attempts in batches (it runs again after it ended). */
export const webhookEndpointWorkflowId = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/** One flow per queued e-mail. */
export const emailWorkflowId = (emailId: string) => `email:${emailId}`;

/** One rebuild per meter and version of what it counts (a later change starts a new one; an older one finds it stale). */
export const meterRollupsWorkflowId = (meterId: string, version: number) => `meter-rollups:${meterId}:${version}`;
export interface MeterRollupsInput {
  meterId: string;
  version: number;
}

/** A flow's clock: none (wall time) or a sandbox test clock and its frozen time when the flow started. */
export interface ClockInput {
  testClockId: string | null;
  frozenTime?: string | null;
}

/** What a flow needs to follow a test clock (none outside one). */
export function clockInput(testClockId: string | null, frozenTime: Date): ClockInput | null {
  return testClockId ? { testClockId, frozenTime: frozenTime.toISOString() } : null;
}

/** Moves a flow's test clock to the given time; answers when the flow has settled (`ended`: it returned or continued). */
export const advanceTestClockUpdate = defineUpdate<'settled' | 'ended', [string]>('advanceTestClock');

// Checkout: `checkout:<id>`.
export interface CheckoutInput {
  checkoutId: string;
  expiresAt: string;
  /** A sandbox test clock the session follows instead of wall time. */
  clock?: ClockInput | null;
}
/** The processor's outcome for one charge (its id), so a late event about an earlier charge changes nothing. */
export interface Settlement {
  chargeId: string;
  succeeded: boolean;
  reason?: string;
}
export const confirmCheckoutUpdate = defineUpdate<void, [CheckoutConfirm]>('confirm');
/** The processor's word on a charge it settles later (Stripe webhooks). */
export const paymentSettledSignal = defineSignal<[Settlement]>('paymentSettled');
export const checkoutStateQuery = defineQuery<string>('state');

// Order: `order:<id>`.
export interface OrderInput {
  orderId: string;
  chargeId: string | null;
  /** Already marked paid in the transaction that wrote it (a checkout's completion since `checkout-local-steps`). */
  paid?: boolean;
}

// Invoice: `invoice:<orderId>`; receipt: `receipt:<orderId>:<revision>`.
export interface OrderDocumentInput {
  orderId: string;
}

/** Render the invoice (again): sent with the start, so a request that finds a rendering under way is not lost. */
export const renderInvoiceSignal = defineSignal('render');

// Refund: `refund:<id>`.
export interface RefundInput {
  refundId: string;
}

// Subscription: `subscription:<id>`.
/** A lifecycle command, the subscription workflow's Update (`subscription-command.logic.ts` says which are legal). */
export type SubscriptionCommand =
  | { kind: 'cancel'; reason: string | null; comment: string | null }
  | { kind: 'uncancel' }
  | { kind: 'revoke'; reason: string | null; comment: string | null }
  | {
      kind: 'change';
      productId?: string;
      seats?: number;
      discountId?: string | null;
      proration: 'invoice' | 'prorate' | 'next_period';
    }
  | { kind: 'clear_pending_update' }
  | PauseCommand;
/** What the workflow schedules from: the status, the period's end, and dunning's settings. */
export interface SubscriptionSchedule extends PauseSchedule {
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'paused';
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string;
  interval: RecurringInterval;
  intervalCount: number;
  anchorDay: number;
  dunningDays: number[];
  /** The frozen time of the subscription's test clock now (it may have moved before the workflow started). */
  clockTime: string | null;
  /** How long after the period's end the renewal may run (0 on a test clock; absent in schedules read before it). */
  renewalSpreadMs?: number;
}
/** An unpaid renewal being retried. */
export interface Dunning {
  orderId: string;
  failures: number;
  nextAttemptAt: string;
}
/** A renewal charge the processor reported as processing: the order stays pending until it settles or `settleBy`. */
export interface AwaitedCharge {
  orderId: string;
  chargeId: string;
  /** The dunning attempt it was (1: the renewal's first charge). */
  attempt: number;
  /** When it is canceled at the processor if no settlement came (the flow's clock). */
  settleBy: string;
  /** A settlement that arrived before the run continued as new. */
  settlement?: Settlement | null;
}
export interface SubscriptionInput {
  subscriptionId: string;
  clock?: ClockInput | null;
  dunning?: Dunning | null;
  awaitedCharge?: AwaitedCharge | null;
  /** Billed periods so far (across runs), for the operator's view. */
  cycles?: number;
  /** The schedule as the previous run left it (commands run inside the workflow, so it is current). */
  schedule?: SubscriptionSchedule;
}
export const subscriptionCommandUpdate = defineUpdate<void, [SubscriptionCommand]>('command');
export const upcomingQuery = defineQuery<UpcomingSchedule>('upcoming');

// Webhook delivery: `webhook:<eventId>:<endpointId>`.
export interface WebhookDeliveryInput {
  deliveryId: string;
  policy: DeliveryPolicy;
  /** Attempts already made by the endpoint's batch (absent: none): this flow goes on at the next one. */
  attemptsMade?: number;
}

// An endpoint's deliveries: `webhook-endpoint:<endpointId>`.
export interface WebhookEndpointInput {
  endpointId: string;
  policy: DeliveryPolicy;
  /** Delivery ids not taken yet, carried across continue-as-new. */
  queue?: string[];
}
/** New deliveries to the endpoint (one signal per committed transaction), sent with the start. */
export const deliverWebhooksSignal = defineSignal<[string[]]>('deliver');

// Test clock: `test-clock:<id>` (sandbox only).
export interface TestClockInput {
  testClockId: string;
  /** Advances so far (across runs). */
  advances?: number;
  /** The last advance's flows did not all settle (carried into the next run): the same time may be sent again. */
  unsettled?: boolean;
}
/** Moves the clock and every flow attached to it to the given time; answers the clock once they have all settled. */
export const advanceClockUpdate = defineUpdate<void, [string]>('advance');
/** Deletes the clock (after any advance in flight) and ends its flow. */
export const deleteClockUpdate = defineUpdate<void, []>('delete');

// Benefit grant: `grant:<benefitId>:<customerId>:<sourceId>`.
/** What grants a benefit: a one-time order, a subscription while it lasts, or a claimed seat of either. */
export interface GrantSource {
  kind: 'order' | 'subscription' | 'seat';
  id: string;
}
export interface BenefitGrantInput {
  organizationId: string;
  benefitId: string;
  customerId: string;
  source: GrantSource;
}
/** What the grant is after a sync. */
export type GrantOutcome = 'granted' | 'revoked' | 'unchanged';
/** Something the grant depends on changed (sent with the start): the flow brings the grant in line with it. */
export const syncGrantSignal = defineSignal('sync');

// Grant fan-out: `grant-fan-out:<kind>:<id>:<changeId>`.
/** A change reaching many grants: a product's benefits (every holder), a benefit's properties or deletion (every grant). */
export type GrantChange =
  { kind: 'product'; productId: string; benefitIds: string[] } | { kind: 'benefit'; benefitId: string };
export interface GrantFanOutInput {
  organizationId: string;
  change: GrantChange;
}

// E-mail: `email:<emailId>`.
export interface EmailInput {
  emailId: string;
}

/**
 * A flow's type name, its id from its key, and its input, tied together: a start built from a descriptor
 * (`flowStart` in src/platform/temporal) takes only this flow's input and key, or does not compile.
 */
export interface FlowDescriptor<Type extends string, Input, Key extends unknown[]> {
  readonly type: Type;
  readonly id: (...key: Key) => string;
  /** Never set: it carries the input's type. */
  readonly input?: Input;
}

const flow =
  <Input>() =>
  <Type extends string, Key extends unknown[]>(
    type: Type,
    id: (...key: Key) => string,
  ): FlowDescriptor<Type, Input, Key> => ({ type, id });

/** Every flow started by a domain (the schedules start the maintenance flows, which take no input). */
export const FLOWS = {
  checkout: flow<CheckoutInput>()(WORKFLOW_TYPES.checkout, checkoutWorkflowId),
  order: flow<OrderInput>()(WORKFLOW_TYPES.order, orderWorkflowId),
  invoice: flow<OrderDocumentInput>()(WORKFLOW_TYPES.invoice, invoiceWorkflowId),
  receipt: flow<OrderDocumentInput>()(WORKFLOW_TYPES.receipt, receiptWorkflowId),
  refund: flow<RefundInput>()(WORKFLOW_TYPES.refund, refundWorkflowId),
  subscription: flow<SubscriptionInput>()(WORKFLOW_TYPES.subscription, subscriptionWorkflowId),
  webhookDelivery: flow<WebhookDeliveryInput>()(WORKFLOW_TYPES.webhookDelivery, webhookWorkflowId),
  webhookEndpoint: flow<WebhookEndpointInput>()(WORKFLOW_TYPES.webhookEndpoint, webhookEndpointWorkflowId),
  testClock: flow<TestClockInput>()(WORKFLOW_TYPES.testClock, testClockWorkflowId),
  benefitGrant: flow<BenefitGrantInput>()(WORKFLOW_TYPES.benefitGrant, benefitGrantWorkflowId),
  grantFanOut: flow<GrantFanOutInput>()(WORKFLOW_TYPES.grantFanOut, grantFanOutWorkflowId),
  email: flow<EmailInput>()(WORKFLOW_TYPES.email, emailWorkflowId),
  meterRollups: flow<MeterRollupsInput>()(WORKFLOW_TYPES.meterRollups, meterRollupsWorkflowId),
} as const;
