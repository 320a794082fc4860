// A dispute: the processor's chargeback of one payment of an order, and where it stands.
import { EntitySchema } from '@mikro-orm/core';
import type { DisputeStatus } from '../../contracts/dispute';

export class Dispute {
  id!: string;
  organizationId!: string;
  orderId!: string;
  paymentId!: string;
  customerId!: string;
  /** The processor's dispute (`dp_…`): one Bursar dispute per processor dispute. */
  processorDisputeId!: string;
  status!: DisputeStatus;
  reason: string | null = null;
  /** Disputed before tax, and its tax (together what the processor took back, or may). */
  amount!: number;
  taxAmount!: number;
  currency!: string;
  evidenceDueBy: Date | null = null;
  /** A sandbox test card's outcome once the evidence deadline passes. */
  deadlineOutcome: 'won' | 'lost' | null = null;
  /** The customer's test clock (sandbox), which the dispute's flow follows. */
  testClockId: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const DisputeSchema = new EntitySchema<Dispute>({
  class: Dispute,
  tableName: 'dispute',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    orderId: { type: 'uuid' },
    paymentId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    processorDisputeId: { type: 'text' },
    status: { type: 'text' },
    reason: { type: 'text', nullable: true },
    amount: { type: 'integer' },
    taxAmount: { type: 'integer' },
    currency: { type: 'text' },
    evidenceDueBy: { type: 'Date', columnType: 'timestamptz', nullable: true },
    deadlineOutcome: { type: 'text', nullable: true },
    testClockId: { type: 'uuid', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
