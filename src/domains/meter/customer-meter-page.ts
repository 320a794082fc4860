// A page of customer meters' standings: sorted in SQL, or — by consumed units or balance, which are read live — read
// in full (up to a limit), sorted in memory the way SQL would, then cut to the page.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerMeterSort } from '../../contracts/customer-meter';
import { invalidField } from '../../kernel/errors';
import { inSequence } from '../../kernel/concurrency';
import { pageOffset, paginationOf, parseSortCriterion } from '../../kernel/pagination';
import { rawListPage } from '../../platform/database/list-query';
import type { Page } from '../../platform/database/owned-repository';
import type { Sorting } from './standing-sort';
import { compareBy } from './standing-sort';
import {
  COLUMNS,
  FROM,
  readStanding,
  type CustomerMeterQueriesDeps,
  type Row,
  type Standing,
} from './customer-meter-standing';

const SORT_COLUMNS: Record<CustomerMeterSort, string> = {
  created_at: 'cm.created_at',
  modified_at: 'cm.modified_at',
  customer_id: 'cm.customer_id',
  customer_name: 'c.name',
  meter_id: 'cm.meter_id',
  meter_name: 'm.name',
  credited_units: 'cm.credited_units',
  // read live: sorted after reading (see `standingsPage`)
  consumed_units: 'cm.id',
  balance: 'cm.id',
};
const LIVE_SORTS = new Set<string>(['consumed_units', 'balance']);

/** Customer meters a live sort (consumed units, balance) reads at most: each one is a usage query. */
const MAX_LIVE_SORTED = 1000;

/** One page of standings: sorted in SQL, or — by consumed units or balance, read live — after reading them all. */
export async function standingsPage<F extends CustomerMeterSort>(
  deps: Pick<CustomerMeterQueriesDeps, 'customerMeters'>,
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
      items: await inSequence(rows.items, (row) => readStanding(deps, em, organizationId, row)),
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
  const all = await inSequence(rows, (row) => readStanding(deps, em, organizationId, row));
  all.sort(compareBy(filter.sorting));
  const offset = pageOffset(page);
  return { items: all.slice(offset, offset + page.limit), pagination: paginationOf(all.length, page.limit) };
}
