// The organization's customer meters (GET /v1/customer-meters/ and /{id}), each with its customer and meter.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerMeter as CustomerMeterOutput, CustomerMeterListQuery } from '../../contracts/customer-meter';
import { ResourceNotFound } from '../../kernel/errors';
import type { Page } from '../../platform/database/owned-repository';
import { customerMeterOutputs } from './customer-meter-outputs';
import { standingsPage } from './customer-meter-page';
import { COLUMNS, FROM, readStanding, type CustomerMeterQueriesDeps, type Row } from './customer-meter-standing';

/** The organization's customer meters (GET /v1/customer-meters/), with their customer and meter. */
export async function customerMetersPage(
  deps: CustomerMeterQueriesDeps,
  em: EntityManager,
  organizationId: string,
  query: CustomerMeterListQuery,
): Promise<Page<CustomerMeterOutput>> {
  const where = ['cm.organization_id = ?'];
  const params: unknown[] = [organizationId];
  const any = (sql: string, values: readonly unknown[] | undefined) => {
    if (!values) return;
    where.push(values.length ? `${sql} in (?)` : 'false');
    if (values.length) params.push(values);
  };
  any('cm.customer_id', query.customer_id);
  any('c.external_id', query.external_customer_id);
  any('cm.meter_id', query.meter_id);
  any('cm.organization_id', query.organization_id);
  const page = await standingsPage(deps, em, organizationId, { where, params, sorting: query.sorting }, query);
  return {
    items: await customerMeterOutputs(deps, em, organizationId, page.items),
    pagination: page.pagination,
  };
}

/** One of the organization's customer meters; another organization's is 404. */
export async function customerMeter(
  deps: CustomerMeterQueriesDeps,
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<CustomerMeterOutput> {
  const [row] = await em.execute<Row[]>(`select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.id = ?`, [
    organizationId,
    id,
  ]);
  if (!row) throw new ResourceNotFound('Customer meter not found.');
  const standing = await readStanding(deps, em, organizationId, row);
  const [output] = await customerMeterOutputs(deps, em, organizationId, [standing]);
  return output;
}
