import { EntitySchema } from '@mikro-orm/core';

/**
 * A customer's standing on one meter: units credited by benefits, and where it was last reset (the end of the period
 * billed and the ingestion cut-off then); consumed units are read live from the events since that reset.
 */
export class CustomerMeter {
  id!: string;
  organizationId!: string;
  customerId!: string;
  meterId!: string;
  /** Decimal, as PostgreSQL numeric (a string, never a float). */
  consumedUnits = '0';
  creditedUnits = '0';
  resetPeriodEnd: Date | null = null;
  /** The cut-off (event sequence, a bigint as a string) of the last reset. */
  resetSeq: string | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

/** One credit (or, negative, its withdrawal) a meter-credit grant put on a customer's meter; `key` makes it once. */
export class MeterCredit {
  id!: string;
  organizationId!: string;
  customerId!: string;
  meterId!: string;
  /** Null for a reset's own adjustment. */
  grantId: string | null = null;
  units!: string;
  rollover!: boolean;
  key!: string;
  createdAt!: Date;
}

export const CustomerMeterSchema = new EntitySchema<CustomerMeter>({
  class: CustomerMeter,
  tableName: 'customer_meter',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    meterId: { type: 'uuid' },
    consumedUnits: { type: 'decimal' },
    creditedUnits: { type: 'bigint' },
    resetPeriodEnd: { type: 'Date', columnType: 'timestamptz', nullable: true },
    resetSeq: { type: 'bigint', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

export const MeterCreditSchema = new EntitySchema<MeterCredit>({
  class: MeterCredit,
  tableName: 'meter_credit',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    meterId: { type: 'uuid' },
    grantId: { type: 'uuid', nullable: true },
    units: { type: 'bigint' },
    rollover: { type: 'boolean' },
    key: { type: 'text' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
