// Refunds: part or all of a paid order given back, before tax (the tax that goes with it is computed by Bursar).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { MetadataOutput } from './metadata';

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
