// Standings as each reader shows them: the organization's API (with the customer and the meter), the customer portal
// (the reference's CustomerCustomerMeter) and the customer state.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerMeter as CustomerMeterOutput } from '../../contracts/customer-meter';
import type { CustomerStateMeter } from '../../contracts/customer-state';
import { byId } from '../../kernel/ids';
import type { CustomerMeterQueriesDeps, Standing } from './customer-meter-standing';
import { Meter } from './meter.entity';
import { meterOutput } from './meter.output';

/** A customer's standing on one meter as the customer portal shows it (the reference's CustomerCustomerMeter). */
export interface CustomerMeterStanding {
  id: string;
  created_at: string;
  modified_at: string | null;
  customer_id: string;
  meter_id: string;
  consumed_units: number;
  credited_units: number;
  balance: number;
  meter: { created_at: string; modified_at: string | null; id: string; name: string };
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** Standings as `GET /v1/customer-meters/` shows them, each with its customer and its meter. */
export async function customerMeterOutputs(
  deps: Pick<CustomerMeterQueriesDeps, 'customers'>,
  em: EntityManager,
  organizationId: string,
  standings: Standing[],
): Promise<CustomerMeterOutput[]> {
  const customers = byId(
    await deps.customers.outputs(em, organizationId, [...new Set(standings.map((s) => s.row.customer_id))]),
  );
  const meters = byId(
    await em.find(Meter, { id: { $in: [...new Set(standings.map((s) => s.row.meter_id))] }, organizationId }),
  );
  return standings.map(({ row, consumed, credited, balance }) => ({
    id: row.id,
    created_at: iso(row.created_at)!,
    modified_at: iso(row.modified_at),
    customer_id: row.customer_id,
    meter_id: row.meter_id,
    consumed_units: consumed,
    credited_units: credited,
    balance,
    customer: customers.get(row.customer_id)!,
    meter: meterOutput(meters.get(row.meter_id)!),
  }));
}

export function portalStanding({ row, consumed, credited, balance }: Standing): CustomerMeterStanding {
  return {
    id: row.id,
    created_at: iso(row.created_at)!,
    modified_at: iso(row.modified_at),
    customer_id: row.customer_id,
    meter_id: row.meter_id,
    consumed_units: consumed,
    credited_units: credited,
    balance,
    meter: {
      created_at: iso(row.meter_created_at)!,
      modified_at: iso(row.meter_modified_at),
      id: row.meter_id,
      name: row.meter_name,
    },
  };
}

export function stateMeter({ row, consumed, credited, balance }: Standing): CustomerStateMeter {
  return {
    id: row.id,
    created_at: iso(row.created_at)!,
    modified_at: iso(row.modified_at),
    meter_id: row.meter_id,
    consumed_units: consumed,
    credited_units: credited,
    balance,
  };
}
