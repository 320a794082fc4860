// Reading customers in bulk: the API's list (`GET /v1/customers/`) and who the live customers among some ids and
// external ids are (what event ingestion and meter quantities ask).
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import type { CustomerFilters, CustomerListQuery } from '../../contracts/customer-list-query';
import { likeContains } from '../../platform/database/list-query';
import { sqlArray } from '../../platform/database/sql-array';
import type { Customer } from './customer.entity';
import { customers } from './customer.reads';

const SORT_COLUMNS = { created_at: 'createdAt', email: 'email', name: 'name' } as const;

export interface CustomerIdentity {
  id: string;
  externalId: string | null;
  testClockId: string | null;
}

/** By e-mail (ignoring case) or by part of the e-mail, name or external id, on a query aliased `c`. */
export function customerFilters(query: CustomerFilters) {
  return (qb: QueryBuilder<Customer>) => {
    if (query.email) qb.andWhere('lower(c.email) = lower(?)', [query.email]);
    if (!query.query) return;
    const pattern = likeContains(query.query);
    qb.andWhere({
      $or: [{ email: { $ilike: pattern } }, { name: { $ilike: pattern } }, { externalId: { $ilike: pattern } }],
    });
  };
}

/** The organization's live customers, by the list's filters. */
export function listCustomers(em: EntityManager, organizationId: string, query: CustomerListQuery) {
  return customers.list(em, organizationId, query, { alias: 'c', sort: SORT_COLUMNS, where: customerFilters(query) });
}

/** Who the organization's live customers among these ids and external ids are, and the clock each one lives on. */
export async function customerIdentities(
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
  externalIds: readonly string[],
): Promise<CustomerIdentity[]> {
  if (!ids.length && !externalIds.length) return [];
  const rows = await em.execute<{ id: string; external_id: string | null; test_clock_id: string | null }[]>(
    `select id, external_id, test_clock_id from customer
     where organization_id = ? and deleted_at is null and (id = any(?::uuid[]) or external_id = any(?::text[]))`,
    [organizationId, sqlArray(ids), sqlArray(externalIds)],
  );
  return rows.map((row) => ({ id: row.id, externalId: row.external_id, testClockId: row.test_clock_id }));
}
