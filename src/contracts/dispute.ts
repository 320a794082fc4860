// Disputes (chargebacks): a customer's bank challenging a payment (the 1.x client's Dispute), and the sandbox calls
// that stand in for the cardholder and the card network (our addition).
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { Customer } from './customer';
import { ListResource } from './list-resource';

export const DISPUTE_STATUSES = [
  'prevented',
  'early_warning',
  'needs_response',
  'under_review',
  'lost',
  'won',
] as const;
export const DisputeStatus = z.enum(DISPUTE_STATUSES).meta({ id: 'DisputeStatus' });
export type DisputeStatus = z.infer<typeof DisputeStatus>;

const disputeFields = {
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  id: Uuid,
  status: DisputeStatus,
  resolved: z.boolean(),
  closed: z.boolean(),
  amount: z.int32(),
  tax_amount: z.int32(),
  currency: z.string(),
  reason: z.string().nullable(),
  evidence_due_by: Timestamp.nullable(),
  past_due: z.boolean(),
  order_id: Uuid,
  payment_id: Uuid,
};

/** A dispute as its order shows it (the 1.x client's RefundDispute shape): as of its last change. */
export const OrderDispute = z.object(disputeFields).meta({ id: 'OrderDispute' });
export type OrderDispute = z.infer<typeof OrderDispute>;

export const Dispute = z
  .object({ ...disputeFields, customer: Customer, case_id: z.string().nullable() })
  .meta({ id: 'Dispute' });
export type Dispute = z.infer<typeof Dispute>;

export const DisputeList = ListResource(Dispute).meta({ id: 'ListResource_Dispute_' });
export type DisputeList = z.infer<typeof DisputeList>;

/** Sandbox only (our addition): a dispute of a paid order, as if its cardholder's bank had opened one. */
export const SandboxDisputeCreate = z
  .object({
    order_id: Uuid,
    reason: z.enum(['fraudulent', 'product_not_received', 'duplicate', 'general']).optional(),
  })
  .strict()
  .meta({ id: 'SandboxDisputeCreate' });
export type SandboxDisputeCreate = z.infer<typeof SandboxDisputeCreate>;

/** Sandbox only (our addition): the card network's decision on an open dispute. */
export const SandboxDisputeResolve = z
  .object({ status: z.enum(['won', 'lost']) })
  .strict()
  .meta({ id: 'SandboxDisputeResolve' });
export type SandboxDisputeResolve = z.infer<typeof SandboxDisputeResolve>;
