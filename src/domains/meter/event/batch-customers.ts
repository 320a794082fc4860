// The customers an ingested batch names, by id or external id, and the time on each test clock they live on.
import type { EntityManager } from '@mikro-orm/postgresql';
import { inSequence } from '../../../kernel/concurrency';
import type { CustomerIdentity } from '../../customer';
import type { IncomingEvent } from './incoming-event';

/** How ingestion finds the batch's customers (the customer domain's identities). */
export interface CustomerIdentities {
  identities(
    em: EntityManager,
    organizationId: string,
    ids: readonly string[],
    externalIds: readonly string[],
  ): Promise<CustomerIdentity[]>;
}

/** A test clock's time (wall time for none). */
export interface TestClockTimes {
  now(em: EntityManager, testClockId: string | null): Promise<Date>;
}

/** The time on each test clock the batch's customers live on. */
export async function clockTimes(
  testClocks: TestClockTimes,
  em: EntityManager,
  customers: Iterable<CustomerIdentity>,
): Promise<Map<string, Date>> {
  const ids = new Set([...customers].flatMap((c) => (c.testClockId ? [c.testClockId] : [])));
  return new Map(await inSequence([...ids], async (id) => [id, await testClocks.now(em, id)] as const));
}

/** The batch's customers, keyed `id:<id>` and `external:<external id>`. */
export async function batchCustomers(
  lookup: CustomerIdentities,
  em: EntityManager,
  organizationId: string,
  incoming: IncomingEvent[],
): Promise<Map<string, CustomerIdentity>> {
  const ids = incoming.flatMap(({ input }) => ('customer_id' in input ? [input.customer_id] : []));
  const externalIds = incoming.flatMap(({ input }) =>
    'external_customer_id' in input ? [input.external_customer_id] : [],
  );
  const found = await lookup.identities(em, organizationId, [...new Set(ids)], [...new Set(externalIds)]);
  const byKey = new Map<string, CustomerIdentity>();
  for (const customer of found) {
    byKey.set(`id:${customer.id}`, customer);
    if (customer.externalId !== null) byKey.set(`external:${customer.externalId}`, customer);
  }
  return byKey;
}
