// Meter quantities: the meter's aggregation per time bucket, for some customers or all, read from the events store.
import type { QuantityReader } from '../../adapters/events/quantity-reader';
import type { MeterQuantities } from '../../contracts/meter-quantities';
import type { MeterQuantitiesQuery } from '../../contracts/meter-quantities-query';
import type { Tx } from '../../platform/database/transaction';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Meter } from './meter.entity';
import { quantityCustomers, type CustomerIdentities } from './quantity-customers';

const meters = new OwnedRepository(Meter, { label: 'Meter' });

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
        customers: await quantityCustomers(this.deps.customers, tx.em, organizationId, query),
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
}
