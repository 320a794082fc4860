// The customer's own meters, as the customer portal reads them: live meters only, filtered by meter and by name.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerMeterSort } from '../../contracts/customer-meter';
import { ResourceNotFound } from '../../kernel/errors';
import { likeContains } from '../../platform/database/list-query';
import type { Page } from '../../platform/database/owned-repository';
import type { CustomerOwner } from '../../platform/http/route';
import { portalStanding, type CustomerMeterStanding } from './customer-meter-outputs';
import { standingsPage } from './customer-meter-page';
import { type Sorting } from './standing-sort';
import { COLUMNS, FROM, readStanding, type CustomerMeterQueriesDeps, type Row } from './customer-meter-standing';

export type PortalSort = Exclude<CustomerMeterSort, 'customer_id' | 'customer_name'>;

/** The customer's own meters (the customer portal): live meters only, filtered by meter and by part of its name. */
export async function customerMetersPageOfCustomer(
  deps: CustomerMeterQueriesDeps,
  em: EntityManager,
  owner: CustomerOwner,
  query: { page: number; limit: number; meter_id?: string[]; query?: string; sorting: Sorting<PortalSort> },
): Promise<Page<CustomerMeterStanding>> {
  const where = ['cm.organization_id = ?', 'cm.customer_id = ?'];
  const params: unknown[] = [owner.organizationId, owner.customerId];
  if (query.meter_id) {
    where.push(query.meter_id.length ? 'cm.meter_id in (?)' : 'false');
    if (query.meter_id.length) params.push(query.meter_id);
  }
  if (query.query) {
    where.push('m.name ilike ?');
    params.push(likeContains(query.query));
  }
  const filter = { where, params, sorting: query.sorting };
  const page = await standingsPage(deps, em, owner.organizationId, filter, query);
  return { items: page.items.map(portalStanding), pagination: page.pagination };
}

/** One of the customer's own meters by its customer-meter id; another's, or an archived meter's, is 404. */
export async function customerMeterOfCustomer(
  deps: CustomerMeterQueriesDeps,
  em: EntityManager,
  owner: CustomerOwner,
  id: string,
): Promise<CustomerMeterStanding> {
  const [row] = await em.execute<Row[]>(
    `select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.customer_id = ? and cm.id = ?`,
    [owner.organizationId, owner.customerId, id],
  );
  if (!row) throw new ResourceNotFound('Customer meter not found.');
  return portalStanding(await readStanding(deps, em, owner.organizationId, row));
}
