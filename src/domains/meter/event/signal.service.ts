// Signals: an agent's activities and outcomes, written as usage events through ingestion (the same checks, customers,
// clocks and deduplication) with the reserved `_signal` metadata meters filter on and `value` as a plain key to sum.
import { SIGNAL_EXTERNAL_ID_PREFIX, type EventCreate } from '../../../contracts/event-ingest';
import type { Signal } from '../../../contracts/signal';
import type { SignalsIngest } from '../../../contracts/signal-ingest';
import type { Tx } from '../../../platform/database/transaction';
import type { EventIngestService } from './event-ingest.service';
import type { IncomingEvent } from './incoming-event';

/** The event a signal becomes: its id is the event's external id (namespaced), its kind and agent reserved metadata. */
export function signalEvent(signal: Signal): IncomingEvent {
  const metadata = signal.value != null ? { ...signal.metadata, value: signal.value } : signal.metadata;
  const fields = {
    name: signal.name,
    timestamp: signal.timestamp,
    external_id: `${SIGNAL_EXTERNAL_ID_PREFIX}${signal.id}`,
    metadata,
  };
  const input: EventCreate =
    'customer_id' in signal
      ? { ...fields, customer_id: signal.customer_id }
      : { ...fields, external_customer_id: signal.external_customer_id };
  return {
    input,
    source: 'user',
    systemMetadata: { _signal: { kind: signal.kind, agent_id: signal.agent_id ?? null } },
  };
}

export class SignalService {
  constructor(private readonly ingest: Pick<EventIngestService, 'write'>) {}

  /** Writes the batch in the request's transaction; a signal whose id the organization already has is a duplicate. */
  receive(tx: Tx, organizationId: string, body: SignalsIngest): Promise<{ inserted: number; duplicates: number }> {
    return this.ingest.write(tx, organizationId, body.signals.map(signalEvent), ['body', 'signals']);
  }
}
