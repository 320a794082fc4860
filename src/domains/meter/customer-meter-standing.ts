// A customer's standing on one meter: its customer-meter row (with the customer and the live meter it belongs to) and
// the consumed units read live, the meter's aggregation over the customer's events since the meter was last reset.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { MeterAggregation } from '../../contracts/meter-aggregation';
import type { MeterFilter } from '../../contracts/meter-filter';
import { meterBalance } from './customer-meter.logic';
import { baselineOf } from './customer-meter-row';
import { type CustomerMeterService } from './customer-meter.service';

export interface CustomerMeterQueriesDeps {
  customerMeters: Pick<CustomerMeterService, 'consumedSince'>;
  customers: { outputs(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<CustomerOutput[]> };
}

export interface Row {
  id: string;
  customer_id: string;
  external_customer_id: string | null;
  customer_name: string | null;
  meter_id: string;
  credited_units: string;
  reset_period_end: Date | null;
  reset_seq: string | null;
  filter: MeterFilter;
  aggregation: MeterAggregation;
  meter_name: string;
  meter_created_at: Date;
  meter_modified_at: Date | null;
  created_at: Date;
  modified_at: Date | null;
}

/** A customer's standing on one meter, consumed units read live. */
export interface Standing {
  row: Row;
  /** Consumed units as the exact decimal. */
  units: string;
  consumed: number;
  credited: number;
  balance: number;
}

export const COLUMNS = `cm.id, cm.customer_id, c.external_id as external_customer_id, c.name as customer_name, cm.meter_id, cm.credited_units, cm.reset_period_end,
  cm.reset_seq, m.filter, m.aggregation, m.name as meter_name, m.created_at as meter_created_at, m.modified_at as meter_modified_at,
  cm.created_at, cm.modified_at`;
/** Live meters of customers not deleted. */
export const FROM =
  'customer_meter cm join meter m on m.id = cm.meter_id and m.archived_at is null join customer c on c.id = cm.customer_id and c.deleted_at is null';

/** The row's standing: consumed units since the last reset (and not before `from`), the balance credited less them. */
export async function readStanding(
  deps: Pick<CustomerMeterQueriesDeps, 'customerMeters'>,
  em: EntityManager,
  organizationId: string,
  row: Row,
  from: Date | null = null,
): Promise<Standing> {
  const meter = { id: row.meter_id, filter: row.filter, aggregation: row.aggregation };
  const customer = { customerId: row.customer_id, externalCustomerId: row.external_customer_id };
  const consumed = await deps.customerMeters.consumedSince(em, organizationId, meter, customer, baselineOf(row), from);
  const credited = Number(row.credited_units);
  return { row, units: consumed, consumed: Number(consumed), credited, balance: meterBalance(credited, consumed) };
}
