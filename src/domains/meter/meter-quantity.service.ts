// Meter quantities: the meter's aggregation per time bucket, for some customers or all, read from the events store.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { QuantityCustomers, QuantityReader } from '../../adapters/events/quantity-reader';
import type { MeterQuantities } from '../../contracts/meter-quantities';
import type { MeterQuantitiesQuery } from '../../contracts/meter-quantities-query';
import type { Tx } from '../../platform/database/transaction';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Meter } from './meter.entity';

const meters = new OwnedRepository(Meter, { label: 'Meter' });

/** Who the organization's customers among these ids and external ids are (deleted ones left out). */
export type CustomerIdentities = (
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
  externalIds: readonly string[],
) => Promise<{ id: string; externalId: string | null }[]>;

export class MeterQuantityService {
  constructor(private readonly deps: { quantities: QuantityReader; customers: CustomerIdentities }) {}

  async quantities(
    tx: Tx,
    organizationId: string,
    meterId: string,
    query: MeterQuantitiesQuery,
  ): Promise<MeterQuantities> {
    const meter = await meters.get(tx.em, organizationId, meterId);
    const result = await this.deps.quantities.quantities(
      tx,
      organizationId,
      {
        id: meter.id,
        filter: meter.filter,
        aggregation: meter.aggregation,
        rollupsReady: meter.rollupsReadyAt !== null,
      },
      {
        start: new Date(query.start_timestamp),
        end: new Date(query.end_timestamp),
        interval: query.interval,
        timezone: query.timezone,
        customers: await this.customers(tx.em, organizationId, query),
        metadata: query.metadata,
        customerAggregation: query.customer_aggregation_function ?? null,
      },
    );
    return {
      quantities: result.quantities.map((point) => ({
        timestamp: point.timestamp.toISOString(),
        quantity: point.quantity,
      })),
      total: result.total,
    };
  }

  /**
   * A customer's events are those carrying its id and those carrying its external id that were never attached; an
   * external id no customer has yet selects its unattached events; an unknown customer id selects nothing.
   */
  private async customers(
    em: EntityManager,
    organizationId: string,
    query: MeterQuantitiesQuery,
  ): Promise<QuantityCustomers | null> {
    const ids = query.customer_id ?? [];
    const externalIds = query.external_customer_id ?? [];
    if (!ids.length && !externalIds.length) return null;
    const known = await this.deps.customers(em, organizationId, ids, externalIds);
    const customerIds = new Set(ids);
    const external = new Set(externalIds);
    for (const customer of known) {
      if (customerIds.has(customer.id) && customer.externalId) external.add(customer.externalId);
      if (customer.externalId && external.has(customer.externalId)) customerIds.add(customer.id);
    }
    return { customerIds: [...customerIds], externalCustomerIds: [...external] };
  }
}
