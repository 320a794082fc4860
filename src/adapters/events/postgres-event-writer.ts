// Ingestion into PostgreSQL: external ids claimed first (in one sorted insert, so concurrent batches never deadlock and
// never both win a key), then one statement writes the fresh events and a second their event types' counters, the
// hourly rollup of every live meter and the customer meters they activate — a batch is a handful of round trips, not
// one per event.
import type { Tx } from '../../platform/database/transaction';
import { attachCustomerEvents } from './attach-customer-events';
import { claimExternalIds } from './claim-external-ids';
import type { EventWriter, NewEvent } from './event-store';
import { holdIngestShared } from './ingest-lock';
import { insertEventBatch, type LiveMeters } from './insert-event-batch';

export class PostgresEventWriter implements EventWriter {
  constructor(private readonly liveMeters: LiveMeters) {}

  async append(
    tx: Tx,
    organizationId: string,
    events: NewEvent[],
    at: Date,
  ): Promise<{ inserted: number; duplicates: number }> {
    const fresh = await claimExternalIds(tx.em, organizationId, events);
    if (fresh.length) await insertEventBatch(this.liveMeters, tx.em, organizationId, fresh, at);
    return { inserted: fresh.length, duplicates: events.length - fresh.length };
  }

  begin(tx: Tx, organizationId: string): Promise<void> {
    return holdIngestShared(tx.em, organizationId);
  }

  /** Waits for the batches in flight (and holds off new ones) so that none of their events is left unattached. */
  attachCustomer(tx: Tx, organizationId: string, externalCustomerId: string, customerId: string): Promise<void> {
    return attachCustomerEvents(tx, organizationId, externalCustomerId, customerId);
  }
}
