// What other domains read of customer meters: a customer's standing on each live meter, for the customer's state and
// for the customer portal.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerStateMeter } from '../../contracts/customer-state';
import { ResourceNotFound } from '../../kernel/errors';
import { likeContains, rawListPage } from '../../platform/database/list-query';
import type { Page } from '../../platform/database/owned-repository';
import type { CustomerOwner } from '../../platform/http/route';

interface Row {
  id: string;
  meter_id: string;
  consumed_units: string;
  credited_units: string;
  created_at: Date;
  modified_at: Date | null;
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

type StandingSort = keyof typeof STANDING_SORT_COLUMNS;
const STANDING_SORT_COLUMNS = {
  created_at: 'cm.created_at',
  modified_at: 'cm.modified_at',
  meter_id: 'cm.meter_id',
  meter_name: 'm.name',
  consumed_units: 'cm.consumed_units',
  credited_units: 'cm.credited_units',
  balance: '(cm.credited_units - cm.consumed_units)',
} as const;

interface StandingRow extends Row {
  customer_id: string;
  meter_name: string;
  meter_created_at: Date;
  meter_modified_at: Date | null;
}

export class CustomerMeterQueries {
  /** The customer's own meters (the customer portal): live meters only, filtered by meter and by part of its name. */
  async pageOfCustomer(
    em: EntityManager,
    owner: CustomerOwner,
    query: { page: number; limit: number; meter_id?: string[]; query?: string; sorting: readonly (StandingSort | `-${StandingSort}`)[] },
  ): Promise<Page<CustomerMeterStanding>> {
    const where = ['cm.organization_id = ?', 'cm.customer_id = ?'];
    const params: unknown[] = [owner.organizationId, owner.customerId];
    if (query.meter_id) {
      where.push('cm.meter_id in (?)');
      params.push(query.meter_id);
    }
    if (query.query) {
      where.push('m.name ilike ?');
      params.push(likeContains(query.query));
    }
    const from = 'customer_meter cm join meter m on m.id = cm.meter_id and m.archived_at is null';
    const { sorting } = query;
    const page = await rawListPage<StandingRow, StandingSort>(
      em,
      { select: STANDING_COLUMNS, from, where, params, sorting, columns: STANDING_SORT_COLUMNS, id: 'cm.id' },
      query,
    );
    return { items: page.items.map(standing), pagination: page.pagination };
  }

  /** One of the customer's own meters by its customer-meter id; another's, or an archived meter's, is 404. */
  async getOfCustomer(em: EntityManager, owner: CustomerOwner, id: string): Promise<CustomerMeterStanding> {
    const [row] = await em.execute<StandingRow[]>(
      `select ${STANDING_COLUMNS} from customer_meter cm join meter m on m.id = cm.meter_id and m.archived_at is null
       where cm.organization_id = ? and cm.customer_id = ? and cm.id = ?`,
      [owner.organizationId, owner.customerId, id],
    );
    if (!row) throw new ResourceNotFound('Customer meter not found.');
    return standing(row);
  }

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

const STANDING_COLUMNS = `cm.id, cm.customer_id, cm.meter_id, cm.consumed_units, cm.credited_units, cm.created_at, cm.modified_at,
  m.name as meter_name, m.created_at as meter_created_at, m.modified_at as meter_modified_at`;

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

function standing(row: StandingRow): CustomerMeterStanding {
  const consumed = Number(row.consumed_units);
  const credited = Number(row.credited_units);
  return {
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    modified_at: iso(row.modified_at),
    customer_id: row.customer_id,
    meter_id: row.meter_id,
    consumed_units: consumed,
    credited_units: credited,
    balance: credited - consumed,
    meter: { created_at: new Date(row.meter_created_at).toISOString(), modified_at: iso(row.meter_modified_at), id: row.meter_id, name: row.meter_name },
  };
}
