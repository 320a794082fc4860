// Customer meters (GET /v1/customer-meters/): a customer's standing on one meter — units consumed since the meter was
// last reset, units credited by benefits, and the balance between them.
import { z } from 'zod';
import { ListResource } from './list-resource';
import { PageQuery, queryMany, sortingQuery } from './query-params';
import { Uuid, Timestamp } from './common';
import { Customer } from './customer';
import { Meter } from './meter';

export const CustomerMeter = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    customer_id: Uuid,
    meter_id: Uuid,
    consumed_units: z.number(),
    credited_units: z.int(),
    balance: z.number(),
    customer: Customer,
    meter: Meter,
  })
  .meta({ id: 'CustomerMeter' });
export type CustomerMeter = z.infer<typeof CustomerMeter>;
export const CustomerMeterList = ListResource(CustomerMeter).meta({ id: 'ListResource_CustomerMeter_' });

export const CUSTOMER_METER_SORT_FIELDS = [
  'created_at',
  'modified_at',
  'customer_id',
  'customer_name',
  'meter_id',
  'meter_name',
  'consumed_units',
  'credited_units',
  'balance',
] as const;
export type CustomerMeterSort = (typeof CUSTOMER_METER_SORT_FIELDS)[number];

export const CustomerMeterListQuery = z.object({
  ...PageQuery,
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string()),
  meter_id: queryMany(Uuid),
  organization_id: queryMany(Uuid),
  sorting: sortingQuery(CUSTOMER_METER_SORT_FIELDS, ['-created_at']),
});
export type CustomerMeterListQuery = z.infer<typeof CustomerMeterListQuery>;
