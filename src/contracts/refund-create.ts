// What a merchant refunds an order with: the amount before tax, a reason, and whether benefits are revoked.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataInput } from './metadata';

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
