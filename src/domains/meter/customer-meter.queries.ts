// Customer meters as they are read: the organization's (GET /v1/customer-meters/), the customer portal's and the
// customer state's. Consumed units are live — the meter's aggregation over the customer's events since the meter was
// last reset — so sorting by consumed units or balance sorts the filtered rows after reading them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type {
  CustomerMeter as CustomerMeterOutput,
  CustomerMeterListQuery,
  CustomerMeterSort,
} from '../../contracts/customer-meter';
import type { CustomerStateMeter } from '../../contracts/customer-state';
import type { MeterAggregation, MeterFilter } from '../../contracts/meter';
import { ResourceNotFound, invalidField } from '../../kernel/errors';
import { inSequence } from '../../kernel/concurrency';
import { byId } from '../../kernel/ids';
import { pageOffset, paginationOf, parseSortCriterion } from '../../kernel/pagination';
import { likeContains, rawListPage } from '../../platform/database/list-query';
import type { Page } from '../../platform/database/owned-repository';
import type { CustomerOwner } from '../../platform/http/route';
import { meterBalance } from './customer-meter.logic';
import { baselineOf, type CustomerMeterService } from './customer-meter.service';
import { Meter } from './meter.entity';
import { meterOutput } from './meter.output';

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

type PortalSort = Exclude<CustomerMeterSort, 'customer_id' | 'customer_name'>;
type Sorting<F extends string> = readonly (F | `-${F}`)[];

const SORT_COLUMNS: Record<CustomerMeterSort, string> = {
  created_at: 'cm.created_at',
  modified_at: 'cm.modified_at',
  customer_id: 'cm.customer_id',
  customer_name: 'c.name',
  meter_id: 'cm.meter_id',
  meter_name: 'm.name',
  credited_units: 'cm.credited_units',
  // read live: sorted after reading (see `page`)
  consumed_units: 'cm.id',
  balance: 'cm.id',
};
const LIVE_SORTS = new Set<string>(['consumed_units', 'balance']);

const COLUMNS = `cm.id, cm.customer_id, c.external_id as external_customer_id, c.name as customer_name, cm.meter_id, cm.credited_units, cm.reset_period_end,
  cm.reset_seq, m.filter, m.aggregation, m.name as meter_name, m.created_at as meter_created_at, m.modified_at as meter_modified_at,
  cm.created_at, cm.modified_at`;
/** Live meters of customers not deleted. */
const FROM =
  'customer_meter cm join meter m on m.id = cm.meter_id and m.archived_at is null join customer c on c.id = cm.customer_id and c.deleted_at is null';

export interface CustomerMeterQueriesDeps {
  customerMeters: Pick<CustomerMeterService, 'consumedSince'>;
  customers: { outputs(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<CustomerOutput[]> };
}

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
    const page = await this.standings(em, organizationId, { where, params, sorting: query.sorting }, query);
    return { items: await this.outputs(em, organizationId, page.items), pagination: page.pagination };
  }

  /** One of the organization's customer meters; another organization's is 404. */
  async get(em: EntityManager, organizationId: string, id: string): Promise<CustomerMeterOutput> {
    const [row] = await em.execute<Row[]>(`select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.id = ?`, [
      organizationId,
      id,
    ]);
    if (!row) throw new ResourceNotFound('Customer meter not found.');
    const [output] = await this.outputs(em, organizationId, [await this.standing(em, organizationId, row)]);
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
    const page = await this.standings(em, owner.organizationId, { where, params, sorting: query.sorting }, query);
    return { items: page.items.map(portalStanding), pagination: page.pagination };
  }

  /** One of the customer's own meters by its customer-meter id; another's, or an archived meter's, is 404. */
  async getOfCustomer(em: EntityManager, owner: CustomerOwner, id: string): Promise<CustomerMeterStanding> {
    const [row] = await em.execute<Row[]>(
      `select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.customer_id = ? and cm.id = ?`,
      [owner.organizationId, owner.customerId, id],
    );
    if (!row) throw new ResourceNotFound('Customer meter not found.');
    return portalStanding(await this.standing(em, owner.organizationId, row));
  }

  /** The customer's meters (archived meters left out), oldest first; the balance is credited less consumed units. */
  async activeFor(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerStateMeter[]> {
    const rows = await em.execute<Row[]>(
      `select ${COLUMNS} from ${FROM} where cm.organization_id = ? and cm.customer_id = ? order by cm.created_at, cm.id`,
      [organizationId, customerId],
    );
    const standings = await inSequence(rows, (row) => this.standing(em, organizationId, row));
    return standings.map(({ row, consumed, credited, balance }) => ({
      id: row.id,
      created_at: iso(row.created_at)!,
      modified_at: iso(row.modified_at),
      meter_id: row.meter_id,
      consumed_units: consumed,
      credited_units: credited,
      balance,
    }));
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
    return row ? this.standing(em, organizationId, row, from) : null;
  }

  /** One page of standings: sorted in SQL, or — by consumed units or balance, read live — after reading them all. */
  private async standings<F extends CustomerMeterSort>(
    em: EntityManager,
    organizationId: string,
    filter: { where: string[]; params: unknown[]; sorting: Sorting<F> },
    page: { page: number; limit: number },
  ): Promise<Page<Standing>> {
    const live = filter.sorting.some((value) => LIVE_SORTS.has(parseSortCriterion(value).field));
    if (!live) {
      const rows = await rawListPage<Row, F>(
        em,
        { select: COLUMNS, from: FROM, ...filter, columns: SORT_COLUMNS, id: 'cm.id' },
        page,
      );
      return {
        items: await inSequence(rows.items, (row) => this.standing(em, organizationId, row)),
        pagination: rows.pagination,
      };
    }
    const rows = await em.execute<Row[]>(
      `select ${COLUMNS} from ${FROM} where ${filter.where.join(' and ')} order by cm.id limit ?`,
      [...filter.params, MAX_LIVE_SORTED + 1],
    );
    if (rows.length > MAX_LIVE_SORTED)
      throw invalidField(
        ['query', 'sorting'],
        `Sorting by consumed units or balance reads each meter's usage: filter to at most ${MAX_LIVE_SORTED} meters (by customer or meter)`,
      );
    const all = await inSequence(rows, (row) => this.standing(em, organizationId, row));
    all.sort(compareBy(filter.sorting));
    const offset = pageOffset(page);
    return { items: all.slice(offset, offset + page.limit), pagination: paginationOf(all.length, page.limit) };
  }

  private async standing(
    em: EntityManager,
    organizationId: string,
    row: Row,
    from: Date | null = null,
  ): Promise<Standing> {
    const meter = { id: row.meter_id, filter: row.filter, aggregation: row.aggregation };
    const customer = { customerId: row.customer_id, externalCustomerId: row.external_customer_id };
    const consumed = await this.deps.customerMeters.consumedSince(
      em,
      organizationId,
      meter,
      customer,
      baselineOf(row),
      from,
    );
    const credited = Number(row.credited_units);
    return { row, units: consumed, consumed: Number(consumed), credited, balance: meterBalance(credited, consumed) };
  }

  private async outputs(
    em: EntityManager,
    organizationId: string,
    standings: Standing[],
  ): Promise<CustomerMeterOutput[]> {
    const customers = byId(
      await this.deps.customers.outputs(em, organizationId, [...new Set(standings.map((s) => s.row.customer_id))]),
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
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/** Customer meters a live sort (consumed units, balance) reads at most: each one is a usage query. */
const MAX_LIVE_SORTED = 1000;

/** Sorts standings by the criteria in order, then by id (what SQL sorting does, for values read live). */
function compareBy<F extends CustomerMeterSort>(sorting: Sorting<F>): (a: Standing, b: Standing) => number {
  const value = (s: Standing, field: CustomerMeterSort): string | number | null => {
    switch (field) {
      case 'consumed_units':
        return s.consumed;
      case 'balance':
        return s.balance;
      case 'credited_units':
        return s.credited;
      case 'created_at':
        return new Date(s.row.created_at).getTime();
      case 'modified_at':
        return s.row.modified_at && new Date(s.row.modified_at).getTime();
      case 'meter_name':
        return s.row.meter_name;
      case 'meter_id':
        return s.row.meter_id;
      case 'customer_name':
        return s.row.customer_name;
      default:
        return s.row.customer_id;
    }
  };
  return (a, b) => {
    for (const criterion of sorting) {
      const { field, direction } = parseSortCriterion(criterion);
      const [x, y] = [value(a, field), value(b, field)];
      if (x === y) continue;
      if (x === null) return 1; // nulls last
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (direction === 'desc' ? -1 : 1);
    }
    return a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0;
  };
}

function portalStanding({ row, consumed, credited, balance }: Standing): CustomerMeterStanding {
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
