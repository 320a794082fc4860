// Whose events a meter's quantities count: the customers asked for by id and external id, each with its other id.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { QuantityCustomers } from '../../adapters/events/quantity-reader';
import type { MeterQuantitiesQuery } from '../../contracts/meter-quantities-query';

/** Who the organization's customers among these ids and external ids are (deleted ones left out). */
export type CustomerIdentities = (
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
  externalIds: readonly string[],
) => Promise<{ id: string; externalId: string | null }[]>;

/**
 * A customer's events are those carrying its id and those carrying its external id that were never attached; an
 * external id no customer has yet selects its unattached events; an unknown customer id selects nothing.
 */
export async function quantityCustomers(
  lookup: CustomerIdentities,
  em: EntityManager,
  organizationId: string,
  query: MeterQuantitiesQuery,
): Promise<QuantityCustomers | null> {
  const ids = query.customer_id ?? [];
  const externalIds = query.external_customer_id ?? [];
  if (!ids.length && !externalIds.length) return null;
  const known = await lookup(em, organizationId, ids, externalIds);
  const customerIds = new Set(ids);
  const external = new Set(externalIds);
  for (const customer of known) {
    if (customerIds.has(customer.id) && customer.externalId) external.add(customer.externalId);
    if (customer.externalId && external.has(customer.externalId)) customerIds.add(customer.id);
  }
  return { customerIds: [...customerIds], externalCustomerIds: [...external] };
}
