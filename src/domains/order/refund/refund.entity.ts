import { EntitySchema } from '@mikro-orm/core';
import type { Metadata } from '../../../contracts/metadata';

export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';
export type RefundReason =
  | 'duplicate'
  | 'fraudulent'
  | 'customer_request'
  | 'service_disruption'
  | 'satisfaction_guarantee'
  | 'dispute_prevention'
  | 'other';

export class Refund {
  id!: string;
  organizationId!: string;
  orderId!: string;
  subscriptionId: string | null = null;
  customerId!: string;
  status!: RefundStatus;
  reason!: RefundReason;
  /** Before tax; `taxAmount` goes back with it. */
  amount!: number;
  taxAmount!: number;
  currency!: string;
  comment: string | null = null;
  revokeBenefits!: boolean;
  metadata!: Metadata;
  processorRefundId: string | null = null;
  failureReason: string | null = null;
  /** Allocated when the refund succeeds, gap-free in the organization's credit-note series. */
  creditNoteNumber: string | null = null;
  creditNotePath: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const RefundSchema = new EntitySchema<Refund>({
  class: Refund,
  tableName: 'refund',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    orderId: { type: 'uuid' },
    subscriptionId: { type: 'uuid', nullable: true },
    customerId: { type: 'uuid' },
    status: { type: 'text' },
    reason: { type: 'text' },
    amount: { type: 'integer' },
    taxAmount: { type: 'integer' },
    currency: { type: 'text' },
    comment: { type: 'text', nullable: true },
    revokeBenefits: { type: 'boolean' },
    metadata: { type: 'json' },
    processorRefundId: { type: 'text', nullable: true },
    failureReason: { type: 'text', nullable: true },
    creditNoteNumber: { type: 'text', nullable: true },
    creditNotePath: { type: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
