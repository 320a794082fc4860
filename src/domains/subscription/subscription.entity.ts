import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { Metadata } from '../../contracts/metadata';
import type { Address } from '../../contracts/address';
import type { RecurringInterval } from '../../kernel/calendar';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'paused';

/** Not canceled for good: these grant their product's benefits (past_due while payment is retried). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** Whether the subscription grants its product's benefits: live, or paused with the benefits kept. */
export const grantsBenefits = (s: Pick<Subscription, 'status' | 'pauseKeepsBenefits'>) =>
  LIVE_STATUSES.includes(s.status) || (s.status === 'paused' && s.pauseKeepsBenefits);

export type CancellationReason =
  | 'customer_service'
  | 'low_quality'
  | 'missing_features'
  | 'switched_service'
  | 'too_complex'
  | 'too_expensive'
  | 'unused'
  | 'other';

/** A change that takes effect at the next renewal (`next_period`). */
export interface PendingUpdate {
  id: string;
  productId: string;
  priceId: string;
  priceAmount: number;
  seats: number | null;
  appliesAt: string;
  createdAt: string;
}

/** A proration line billed with the next renewal (`prorate`), never discounted again. */
export interface PendingItem {
  label: string;
  amount: number;
  priceId: string | null;
  /** False for usage a plan change left behind: billed, and discounted, as the renewal's own usage is. */
  proration?: boolean;
}

export class Subscription {
  id!: string;
  organizationId!: string;
  customerId!: string;
  productId!: string;
  priceId!: string;
  checkoutId: string | null = null;
  discountId: string | null = null;
  /** When the discount first applied to a billed period; its duration counts from there. */
  discountAppliedAt: Date | null = null;
  status!: SubscriptionStatus;
  currency!: string;
  recurringInterval!: RecurringInterval;
  recurringIntervalCount!: number;
  /** The recurring charge before discount (the price, or the seats' price, or the buyer's amount). */
  priceAmount!: number;
  /** The recurring charge after discount, as the API shows it. */
  amount!: number;
  seats: number | null = null;
  /** Day of month renewals land on, clamped to short months. */
  anchorDay!: number;
  currentPeriodStart!: Date;
  currentPeriodEnd!: Date;
  trialStart: Date | null = null;
  trialEnd: Date | null = null;
  cancelAtPeriodEnd = false;
  canceledAt: Date | null = null;
  startedAt: Date | null = null;
  endsAt: Date | null = null;
  endedAt: Date | null = null;
  pastDueAt: Date | null = null;
  /** Pauses when the period ends (`pause-subscription.ts`). */
  pauseAtPeriodEnd: Opt<boolean> = false;
  pausedAt: Date | null = null;
  /** A paused (or pausing) subscription resumes by itself then. */
  resumesAt: Date | null = null;
  /** The organization's setting when the pause was asked for: benefits kept while paused, or revoked. */
  pauseKeepsBenefits: Opt<boolean> = false;
  customerCancellationReason: CancellationReason | null = null;
  customerCancellationComment: string | null = null;
  /** Tax context of the renewals, captured at checkout. */
  billingName: string | null = null;
  billingAddress: Address | null = null;
  taxId: [string, string] | null = null;
  isBusiness = false;
  taxBehavior!: 'inclusive' | 'exclusive';
  processorCustomerId: string | null = null;
  paymentMethodToken: string | null = null;
  pendingUpdate: PendingUpdate | null = null;
  pendingItems: PendingItem[] = [];
  /** The workflow's key of the last command applied (a retried step finds its work done). */
  lastCommandKey: string | null = null;
  testClockId: string | null = null;
  metadata!: Metadata;
  customFieldData!: Record<string, string | number | boolean | null>;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

const timestamp = { type: 'Date', columnType: 'timestamptz' } as const;
const nullableTimestamp = { ...timestamp, nullable: true } as const;

export const SubscriptionSchema = new EntitySchema<Subscription>({
  class: Subscription,
  tableName: 'subscription',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    productId: { type: 'uuid' },
    priceId: { type: 'uuid' },
    checkoutId: { type: 'uuid', nullable: true },
    discountId: { type: 'uuid', nullable: true },
    discountAppliedAt: nullableTimestamp,
    status: { type: 'text' },
    currency: { type: 'text' },
    recurringInterval: { type: 'text' },
    recurringIntervalCount: { type: 'integer' },
    priceAmount: { type: 'integer' },
    amount: { type: 'integer' },
    seats: { type: 'integer', nullable: true },
    anchorDay: { type: 'integer' },
    currentPeriodStart: timestamp,
    currentPeriodEnd: timestamp,
    trialStart: nullableTimestamp,
    trialEnd: nullableTimestamp,
    cancelAtPeriodEnd: { type: 'boolean' },
    canceledAt: nullableTimestamp,
    startedAt: nullableTimestamp,
    endsAt: nullableTimestamp,
    endedAt: nullableTimestamp,
    pastDueAt: nullableTimestamp,
    pauseAtPeriodEnd: { type: 'boolean' },
    pausedAt: nullableTimestamp,
    resumesAt: nullableTimestamp,
    pauseKeepsBenefits: { type: 'boolean' },
    customerCancellationReason: { type: 'text', nullable: true },
    customerCancellationComment: { type: 'text', nullable: true },
    billingName: { type: 'text', nullable: true },
    billingAddress: { type: 'json', nullable: true },
    taxId: { type: 'json', nullable: true },
    isBusiness: { type: 'boolean' },
    taxBehavior: { type: 'text' },
    processorCustomerId: { type: 'text', nullable: true },
    paymentMethodToken: { type: 'text', nullable: true },
    pendingUpdate: { type: 'json', nullable: true },
    pendingItems: { type: 'json' },
    lastCommandKey: { type: 'text', nullable: true },
    testClockId: { type: 'uuid', nullable: true },
    metadata: { type: 'json' },
    customFieldData: { type: 'json' },
    createdAt: timestamp,
    modifiedAt: nullableTimestamp,
  },
});
