import { EntitySchema, type Opt } from '@mikro-orm/core';

/** A payment method saved for a customer at the processor: what charges it, and what the customer is shown of it. */
export class PaymentMethod {
  id!: string;
  organizationId!: string;
  customerId!: string;
  /** The customer at the processor the method is attached to (`cus_…`). */
  processorCustomerId!: string;
  /** The processor's token for the method (`pm_…`). */
  token!: string;
  /** The kind of method, in the processor's words (`card`, `sepa_debit`, …). */
  type!: string;
  brand: string | null = null;
  last4: string | null = null;
  expMonth: number | null = null;
  expYear: number | null = null;
  fingerprint: string | null = null;
  /** At most one live method per customer is its default: the one a renewal falls back to. */
  isDefault: boolean & Opt = false;
  createdAt!: Date;
  modifiedAt: Date | null = null;
  deletedAt: Date | null = null;
}

export const PaymentMethodSchema = new EntitySchema<PaymentMethod>({
  class: PaymentMethod,
  tableName: 'customer_payment_method',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    processorCustomerId: { type: 'text' },
    token: { type: 'text' },
    type: { type: 'text' },
    brand: { type: 'text', nullable: true },
    last4: { type: 'text', nullable: true },
    expMonth: { type: 'integer', nullable: true },
    expYear: { type: 'integer', nullable: true },
    fingerprint: { type: 'text', nullable: true },
    isDefault: { type: 'boolean', default: false },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
