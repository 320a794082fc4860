// Customer meters as they are read: the organization's (GET /v1/customer-meters/), the customer portal's and the
// customer state's. Consumed units are live — the meter's aggregation over the customer's events since the meter was
// last reset (customer-meter-standing.ts) — so sorting by consumed units or balance sorts the filtered rows after
// reading them (customer-meter-page.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  CustomerMeter as CustomerMeterOutput,
  CustomerMeterListQuery,
  CustomerMeterSort,
} from '../../contracts/customer-meter';
import type { CustomerStateMeter } from '../../contracts/customer-state';
import { ResourceNotFound } from '../../kernel/errors';
import { inSequence } from '../../kernel/concurrency';
import { likeContains } from '../../platform/database/list-query';
import type { Page } from '../../platform/database/owned-repository';
import type { CustomerOwner } from '../../platform/http/route';
import { customerMeterOutputs, portalStanding, stateMeter, type CustomerMeterStanding } from './customer-meter-outputs';
import { standingsPage, type Sorting } from './customer-meter-page';
import {
  COLUMNS,
  FROM,
  readStanding,
  type CustomerMeterQueriesDeps,
  type Row,
  type Standing,
} from './customer-meter-standing';

type PortalSort = Exclude<CustomerMeterSort, 'customer_id' | 'customer_name'>;

export class CustomerMeterQueries {
  constructor(private readonly deps: CustomerMeterQueriesDeps) {}

  /** The organization's customer meters (GET /v1/customer-meters/), with their customer and meter. */
  async page(
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
    const page = await standingsPage(this.deps, em, organizationId, { where, params, sorting: query.sorting }, query);
    return {
      items: await customerMeterOutputs(this.deps, em, organizationId, page.items),
      pagination: page.pagination,
    };
  }

  /** One of the organization's customer meters; another organization's is 404. */
  async get(em: EntityManager, organizationId: string, id: string): Promise<CustomerMeterOutput> {
    const [row] = await em.execute<Row[]>(`select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.id = ?`, [
      organizationId,
      id,
    ]);
    if (!row) throw new ResourceNotFound('Customer meter not found.');
    const standing = await readStanding(this.deps, em, organizationId, row);
    const [output] = await customerMeterOutputs(this.deps, em, organizationId, [standing]);
    return output;
  }

  /** The customer's own meters (the customer portal): live meters only, filtered by meter and by part of its name. */
  async pageOfCustomer(
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
    const page = await standingsPage(this.deps, em, owner.organizationId, filter, query);
    return { items: page.items.map(portalStanding), pagination: page.pagination };
  }

  /** One of the customer's own meters by its customer-meter id; another's, or an archived meter's, is 404. */
  async getOfCustomer(em: EntityManager, owner: CustomerOwner, id: string): Promise<CustomerMeterStanding> {
    const [row] = await em.execute<Row[]>(
      `select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.customer_id = ? and cm.id = ?`,
      [owner.organizationId, owner.customerId, id],
    );
    if (!row) throw new ResourceNotFound('Customer meter not found.');
    return portalStanding(await readStanding(this.deps, em, owner.organizationId, row));
  }

  /** The customer's meters (archived meters left out), oldest first; the balance is credited less consumed units. */
  async activeFor(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerStateMeter[]> {
    const rows = await em.execute<Row[]>(
      `select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.customer_id = ? order by cm.created_at, cm.id`,
      [organizationId, customerId],
    );
    const standings = await inSequence(rows, (row) => readStanding(this.deps, em, organizationId, row));
    return standings.map(stateMeter);
  }

  /** The live consumed units of one customer's meter (for a subscription's meters), or null when it has none yet. */
  async standingOf(
    em: EntityManager,
    organizationId: string,
    customerId: string,
    meterId: string,
    from: Date | null,
  ): Promise<Standing | null> {
    const [row] = await em.execute<Row[]>(
      `select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.customer_id = ? and cm.meter_id = ?`,
      [organizationId, customerId, meterId],
    );
    return row ? readStanding(this.deps, em, organizationId, row, from) : null;
  }
}
