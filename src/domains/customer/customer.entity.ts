import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { Metadata } from '../../contracts/metadata';
import type { Address } from '../../contracts/address';

export class Customer {
  id!: string;
  organizationId!: string;
  /** A short number from a database sequence, shown in invoice and receipt numbers (base 26). */
  shortId!: string & Opt;
  email!: string;
  /** Set once the customer signs in to the portal with a code sent to this address; cleared when it changes. */
  emailVerified: boolean & Opt = false;
  externalId: string | null = null;
  name: string | null = null;
  billingName: string | null = null;
  billingAddress: Address | null = null;
  /** `[value, format]`, as validated by the tax domain. */
  taxId: [string, string] | null = null;
  locale: string | null = null;
  /** The sandbox test clock the customer's flows follow. */
  testClockId: string | null = null;
  /** The saved payment method renewals charge (kept by the payment-method store). */
  defaultPaymentMethodId: string | null = null;
  metadata!: Metadata;
  deletedAt: Date | null = null;
  /** When the first usage event for the customer happened (kept by ingestion; it may predate the customer). */
  firstUserEventAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export const CustomerSchema = new EntitySchema<Customer>({
  class: Customer,
  tableName: 'customer',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    shortId: { type: 'bigint', defaultRaw: `nextval('customer_short_id_seq')` },
    email: { type: 'text' },
    emailVerified: { type: 'boolean', default: false },
    externalId: { type: 'text', nullable: true },
    name: { type: 'text', nullable: true },
    billingName: { type: 'text', nullable: true },
    billingAddress: { type: 'json', nullable: true },
    taxId: { type: 'json', nullable: true },
    locale: { type: 'text', nullable: true },
    testClockId: { type: 'uuid', nullable: true },
    defaultPaymentMethodId: { type: 'uuid', nullable: true },
    metadata: { type: 'json' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    firstUserEventAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
