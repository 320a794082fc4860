// Gap-free document numbers: each series (an organization's invoices, a customer's invoices, receipts, credit notes)
// has one counter row, moved on inside the caller's transaction. Concurrent writers wait for the row; a rolled-back
// transaction gives its number back, so numbers are unique and leave no gaps.
import type { EntityManager } from '@mikro-orm/postgresql';

/** The next value of `series` for the organization (1, 2, 3…), within the caller's transaction. */
export async function nextInSeries(em: EntityManager, organizationId: string, series: string): Promise<number> {
  const [row] = await em.execute<{ last_value: string }[]>(
    `insert into document_counter (organization_id, series, last_value) values (?, ?, 1)
     on conflict (organization_id, series) do update set last_value = document_counter.last_value + 1
     returning last_value`,
    [organizationId, series],
  );
  return Number(row.last_value);
}
