// What other domains read of customer meters: a customer's standing on each live meter, for the customer's state.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerStateMeter } from '../../contracts/customer-state';

interface Row {
  id: string;
  meter_id: string;
  consumed_units: string;
  credited_units: string;
  created_at: Date;
  modified_at: Date | null;
}

export class CustomerMeterQueries {
  /** The customer's meters (archived meters left out), oldest first; the balance is credited less consumed units. */
  async activeFor(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerStateMeter[]> {
    const rows = await em.execute<Row[]>(
      `select cm.id, cm.meter_id, cm.consumed_units, cm.credited_units, cm.created_at, cm.modified_at
       from customer_meter cm join meter m on m.id = cm.meter_id and m.archived_at is null
       where cm.organization_id = ? and cm.customer_id = ? order by cm.created_at, cm.id`,
      [organizationId, customerId],
    );
    return rows.map((row) => {
      const consumed = Number(row.consumed_units);
      const credited = Number(row.credited_units);
      return {
        id: row.id,
        created_at: new Date(row.created_at).toISOString(),
        modified_at: row.modified_at ? new Date(row.modified_at).toISOString() : null,
        meter_id: row.meter_id,
        consumed_units: consumed,
        credited_units: credited,
        balance: credited - consumed,
      };
    });
  }
}
