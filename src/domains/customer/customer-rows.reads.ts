// Single customers and customer ids other domains look up, deleted ones included, and a customer row one of their
// statements returned.
import type { EntityManager } from '@mikro-orm/postgresql';
import { entityFromJson, type JsonRow } from '../../platform/database/json-row';
import { Customer } from './customer.entity';

/** A customer of the organization by id, deleted or not. */
export function customerById(em: EntityManager, organizationId: string, id: string): Promise<Customer | null> {
  return em.findOne(Customer, { id, organizationId });
}

/** The ids of the organization's customers with these external ids, deleted or not. */
export async function customerIdsByExternalIds(
  em: EntityManager,
  organizationId: string,
  externalIds: readonly string[],
): Promise<string[]> {
  return (await em.find(Customer, { organizationId, externalId: { $in: [...externalIds] } })).map((c) => c.id);
}

/** A customer row another domain's statement returned as `to_jsonb(customer)`, for an answer only. */
export function customerFromJson(em: EntityManager, json: JsonRow): Customer {
  return entityFromJson(em, Customer, json);
}
