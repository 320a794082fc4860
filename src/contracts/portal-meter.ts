// A customer's meter as the customer portal shows it (the reference's CustomerCustomerMeter), their list and query.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const CustomerCustomerMeter = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    customer_id: Uuid,
    meter_id: Uuid,
    consumed_units: z.number(),
    credited_units: z.int(),
    balance: z.number(),
    meter: z
      .object({ created_at: Timestamp, modified_at: Timestamp.nullable(), id: Uuid, name: z.string() })
      .meta({ id: 'CustomerCustomerMeterMeter' }),
  })
  .meta({ id: 'CustomerCustomerMeter' });
export type CustomerCustomerMeter = z.infer<typeof CustomerCustomerMeter>;
export const CustomerCustomerMeterList = ListResource(CustomerCustomerMeter).meta({
  id: 'ListResource_CustomerCustomerMeter_',
});

export const CUSTOMER_METER_SORT_FIELDS = [
  'created_at',
  'modified_at',
  'meter_id',
  'meter_name',
  'consumed_units',
  'credited_units',
  'balance',
] as const;
export const CustomerCustomerMeterListQuery = z.object({
  ...PageQuery,
  meter_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_METER_SORT_FIELDS, ['-created_at']),
});
export type CustomerCustomerMeterListQuery = z.infer<typeof CustomerCustomerMeterListQuery>;
