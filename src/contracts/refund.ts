// Refunds: part or all of a paid order given back, before tax (the tax that goes with it is computed by Bursar).
import { z } from 'zod';
import { ListResource } from './list-resource';
import { MetadataInput, MetadataOutput, MetadataQuery } from './metadata';
import { PageQuery, queryBoolean, queryMany, sortingQuery } from './query-params';
import { Timestamp, Uuid } from './common';

export const RefundStatus = z.enum(['pending', 'succeeded', 'failed', 'canceled']);
/** Reasons in responses; `dispute_prevention` is the system's own. */
export const RefundReason = z.enum([
  'duplicate',
  'fraudulent',
  'customer_request',
  'service_disruption',
  'satisfaction_guarantee',
  'dispute_prevention',
  'other',
]);
/** Reasons a merchant may give (the reference's closed request enum `Reason`). */
export const RefundCreateReason = z
  .enum(['duplicate', 'fraudulent', 'customer_request', 'service_disruption', 'satisfaction_guarantee', 'other'])
  .meta({ id: 'Reason' });

export const RefundCreate = z
  .object({
    metadata: MetadataInput.default({}),
    order_id: Uuid,
    reason: RefundCreateReason,
    /** Before tax, in minor units; at most what remains refundable on the order. */
    amount: z.int32().min(1),
    comment: z.string().max(5000).nullish(),
    revoke_benefits: z.boolean().default(false),
  })
  .meta({ id: 'RefundCreate' });
export type RefundCreate = z.infer<typeof RefundCreate>;

export const Refund = z
  .object({
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    id: Uuid,
    metadata: MetadataOutput,
    status: RefundStatus,
    reason: RefundReason,
    amount: z.int32(),
    tax_amount: z.int32(),
    currency: z.string(),
    organization_id: Uuid,
    order_id: Uuid,
    subscription_id: Uuid.nullable(),
    customer_id: Uuid,
    revoke_benefits: z.boolean(),
    /** Bursar has no disputes: always null. */
    dispute: z.null(),
  })
  .meta({ id: 'Refund' });
export type Refund = z.infer<typeof Refund>;

export const RefundList = ListResource(Refund).meta({ id: 'ListResource_Refund_' });

export const REFUND_SORT_FIELDS = ['created_at', 'amount'] as const;
export const RefundListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  id: queryMany(Uuid),
  order_id: queryMany(Uuid),
  subscription_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().max(255)),
  succeeded: queryBoolean,
  sorting: sortingQuery(REFUND_SORT_FIELDS, ['-created_at']),
  metadata: MetadataQuery,
});
export type RefundListQuery = z.infer<typeof RefundListQuery>;
