import { EntitySchema } from '@mikro-orm/core';

/** A customer's standing on one meter: units consumed (filled by usage ingestion) and credited by benefits. */
export class CustomerMeter {
  id!: string;
  organizationId!: string;
  customerId!: string;
  meterId!: string;
  /** Decimal, as PostgreSQL numeric (a string, never a float). */
  consumedUnits = '0';
  creditedUnits = '0';
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

/** One credit (or, negative, its withdrawal) a meter-credit grant put on a customer's meter; `key` makes it once. */
export class MeterCredit {
  id!: string;
  organizationId!: string;
  customerId!: string;
  meterId!: string;
  grantId!: string;
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
    grantId: { type: 'uuid' },
    units: { type: 'bigint' },
    rollover: { type: 'boolean' },
    key: { type: 'text' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
