// The customers of a page of events, as the API shows them (deleted ones too: their events stay).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer } from '../../../contracts/customer';

/** Customers as the API shows them (the customer domain's outputs). */
export interface CustomerOutputs {
  outputs(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Customer[]>;
}

export async function eventCustomers(
  customers: CustomerOutputs,
  em: EntityManager,
  organizationId: string,
  events: { customerId: string | null }[],
): Promise<Map<string, Customer>> {
  const ids = [...new Set(events.flatMap((event) => (event.customerId ? [event.customerId] : [])))];
  const found = ids.length ? await customers.outputs(em, organizationId, ids) : [];
  return new Map(found.map((customer) => [customer.id, customer]));
}
