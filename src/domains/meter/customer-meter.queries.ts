// Customer meters as they are read: the organization's (GET /v1/customer-meters/), the customer portal's and the
// customer state's. Consumed units are live — the meter's aggregation over the customer's events since the meter was
// last reset (customer-meter-standing.ts) — so sorting by consumed units or balance sorts the filtered rows after
// reading them (customer-meter-page.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerMeter as CustomerMeterOutput, CustomerMeterListQuery } from '../../contracts/customer-meter';
import type { CustomerStateMeter } from '../../contracts/customer-state';
import { inSequence } from '../../kernel/concurrency';
import type { Page } from '../../platform/database/owned-repository';
import type { CustomerOwner } from '../../platform/http/route';
import { stateMeter, type CustomerMeterStanding } from './customer-meter-outputs';
import type { Sorting } from './standing-sort';
import { customerMeter, customerMetersPage } from './organization-customer-meters';
import { customerMeterOfCustomer, customerMetersPageOfCustomer, type PortalSort } from './portal-customer-meters';
import {
  COLUMNS,
  FROM,
  readStanding,
  type CustomerMeterQueriesDeps,
  type Row,
  type Standing,
} from './customer-meter-standing';

export class CustomerMeterQueries {
  constructor(private readonly deps: CustomerMeterQueriesDeps) {}

  /** The organization's customer meters (GET /v1/customer-meters/), with their customer and meter. */
  page(em: EntityManager, organizationId: string, query: CustomerMeterListQuery): Promise<Page<CustomerMeterOutput>> {
    return customerMetersPage(this.deps, em, organizationId, query);
  }

  /** One of the organization's customer meters; another organization's is 404. */
  get(em: EntityManager, organizationId: string, id: string): Promise<CustomerMeterOutput> {
    return customerMeter(this.deps, em, organizationId, id);
  }

  /** The customer's own meters (the customer portal): live meters only, filtered by meter and by part of its name. */
  pageOfCustomer(
    em: EntityManager,
    owner: CustomerOwner,
    query: { page: number; limit: number; meter_id?: string[]; query?: string; sorting: Sorting<PortalSort> },
  ): Promise<Page<CustomerMeterStanding>> {
    return customerMetersPageOfCustomer(this.deps, em, owner, query);
  }

  /** One of the customer's own meters by its customer-meter id; another's, or an archived meter's, is 404. */
  getOfCustomer(em: EntityManager, owner: CustomerOwner, id: string): Promise<CustomerMeterStanding> {
    return customerMeterOfCustomer(this.deps, em, owner, id);
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

  /**
   * `standingOf` for several customers' meters (a page of subscriptions): their rows in one statement, then the live
   * consumed units of each customer meter that exists.
   */
  async standingsOf(
    em: EntityManager,
    organizationId: string,
    wanted: readonly { customerId: string; meterId: string; from: Date | null }[],
  ): Promise<(Standing | null)[]> {
    if (!wanted.length) return [];
    const rows = await em.execute<Row[]>(
      `select ${COLUMNS} from ${FROM} where cm.organization_id = ? and (cm.customer_id, cm.meter_id) in (${wanted
        .map(() => '(?::uuid, ?::uuid)')
        .join(', ')})`,
      [organizationId, ...wanted.flatMap((w) => [w.customerId, w.meterId])],
    );
    const rowOf = (w: { customerId: string; meterId: string }) =>
      rows.find((row) => row.customer_id === w.customerId && row.meter_id === w.meterId);
    return inSequence([...wanted], (w) => {
      const row = rowOf(w);
      return row ? readStanding(this.deps, em, organizationId, row, w.from) : Promise.resolve(null);
    });
  }
}
