// A payment: one attempt to charge a customer through the processor, keyed by the charge's idempotency key.
import { EntitySchema } from '@mikro-orm/core';
import type { PaymentStatus, PaymentTrigger } from '../../contracts/payment';

export class Payment {
  id!: string;
  organizationId!: string;
  /** The charge's idempotency key: one payment per charge, however often the step that makes it is retried. */
  idempotencyKey!: string;
  status!: PaymentStatus;
  amount!: number;
  currency!: string;
  /** The processor's charge (`ch_…`/`pi_…`); null when it declined before making one. */
  processorChargeId: string | null = null;
  method!: string;
  brand: string | null = null;
  last4: string | null = null;
  trigger: PaymentTrigger | null = null;
  declineReason: string | null = null;
  declineMessage: string | null = null;
  checkoutId: string | null = null;
  orderId: string | null = null;
  /** Bursar's customer, once there is one (a first checkout creates it only when it completes). */
  customerId: string | null = null;
  /** The e-mail the attempt was made with, for the `customer_email` filter before the customer exists. */
  customerEmail: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

const text = { type: 'text', nullable: true } as const;

export const PaymentSchema = new EntitySchema<Payment>({
  class: Payment,
  tableName: 'payment',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    idempotencyKey: { type: 'text' },
    status: { type: 'text' },
    amount: { type: 'integer' },
    currency: { type: 'text' },
    processorChargeId: text,
    method: { type: 'text' },
    brand: text,
    last4: text,
    trigger: text,
    declineReason: text,
    declineMessage: text,
    checkoutId: { type: 'uuid', nullable: true },
    orderId: { type: 'uuid', nullable: true },
    customerId: { type: 'uuid', nullable: true },
    customerEmail: text,
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
