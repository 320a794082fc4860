// A customer given the external id its events were sent with: those events, their rollup hours and the customer meters
// they activate become the customer's, with the batches in flight waited for (and new ones held off).
import type { Tx } from '../../platform/database/transaction';
import { holdIngestAlone } from './ingest-lock';
import { ADD_TO_ROLLUP } from './meter-aggregation-sql';

/** Waits for the batches in flight (and holds off new ones) so that none of their events is left unattached. */
export async function attachCustomerEvents(
  tx: Tx,
  organizationId: string,
  externalCustomerId: string,
  customerId: string,
): Promise<void> {
  await holdIngestAlone(tx.em, organizationId);
  const params = [organizationId, externalCustomerId];
  await tx.em.execute(
    'update event set customer_id = ? where organization_id = ? and external_customer_id = ? and customer_id is null',
    [customerId, ...params],
  );
  await tx.em.execute(
    `update customer set first_user_event_at = (select min("timestamp") from event where organization_id = ? and customer_id = ? and source = 'user')
     where id = ?`,
    [organizationId, customerId, customerId],
  );
  const orphans = `from meter_rollup o join meter m on m.id = o.meter_id
    where m.organization_id = ? and o.external_customer_id = ? and o.customer_id is null`;
  await tx.em.execute(
    `insert into meter_rollup as r (meter_id, customer_id, external_customer_id, hour, events, numeric_events, total, minimum, maximum)
     select o.meter_id, ?, o.external_customer_id, o.hour, o.events, o.numeric_events, o.total, o.minimum, o.maximum ${orphans}
     order by o.meter_id, o.hour
     ${ADD_TO_ROLLUP}`,
    [customerId, ...params],
  );
  await tx.em.execute(
    `insert into customer_meter (id, organization_id, customer_id, meter_id, consumed_units, credited_units, created_at)
     select gen_random_uuid(), ?, ?, meter_id, 0, 0, now() from (select distinct o.meter_id ${orphans}) o order by meter_id
     on conflict (customer_id, meter_id) do nothing`,
    [organizationId, customerId, ...params],
  );
  await tx.em.execute(
    `delete from meter_rollup where (meter_id, hour, external_customer_id) in (select o.meter_id, o.hour, o.external_customer_id ${orphans}) and customer_id is null`,
    params,
  );
}
