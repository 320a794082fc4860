// Usage ingestion: a batch is checked whole (every failing event named by its index), its customers and parents
// resolved (batch-customers.ts, event-parents.ts), each event dated on its customer's clock (a sandbox test clock's
// time, where the customer has one; new-event.ts), then written by the events store in one transaction.
import type { EventStore } from '../../../adapters/events/event-store';
import type { EventsIngest } from '../../../contracts/event-ingest';
import type { Clock } from '../../../kernel/clock';
import { RequestValidationError, type ValidationIssue } from '../../../kernel/errors';
import type { Tx } from '../../../platform/database/transaction';
import type { BusinessMetrics } from '../../../platform/prometheus';
import { batchCustomers, clockTimes, type CustomerIdentities, type TestClockTimes } from './batch-customers';
import { eventParents } from './event-parents';
import type { IncomingEvent } from './incoming-event';
import { newEvent } from './new-event';

export interface EventIngestDeps {
  store: EventStore;
  clock: Clock;
  customers: CustomerIdentities;
  /** A test clock's time (wall time for none). */
  testClocks: TestClockTimes;
  metrics: Pick<BusinessMetrics, 'eventsIngested'>;
}

export class EventIngestService {
  constructor(private readonly deps: EventIngestDeps) {}

  ingest(tx: Tx, organizationId: string, body: EventsIngest): Promise<{ inserted: number; duplicates: number }> {
    return this.write(
      tx,
      organizationId,
      body.events.map((input) => ({ input, source: 'user' as const })),
      ['body', 'events'],
    );
  }

  /** Checks and writes a batch; `loc` prefixes each refused event's index in the 422. */
  async write(
    tx: Tx,
    organizationId: string,
    incoming: IncomingEvent[],
    loc: (string | number)[],
  ): Promise<{ inserted: number; duplicates: number }> {
    const issues: ValidationIssue[] = [];
    const refuse = (index: number, field: string, msg: string) =>
      issues.push({ loc: [...loc, index, field], msg, type: 'value_error' });
    await this.deps.store.writer.begin(tx, organizationId);
    const customers = await batchCustomers(this.deps.customers, tx.em, organizationId, incoming);
    const clocks = await clockTimes(this.deps.testClocks, tx.em, customers.values());
    const parents = await eventParents(tx.em, organizationId, incoming);
    const now = this.deps.clock.now();
    const context = { organizationId, customers, clocks, parents, batchIds: new Map<string, string>(), now };
    const events = incoming.map((event, index) => newEvent(event, context, (field, msg) => refuse(index, field, msg)));
    if (issues.length) throw new RequestValidationError(issues);
    const written = await this.deps.store.writer.append(tx, organizationId, events, now);
    tx.afterCommit(async () => this.deps.metrics.eventsIngested(written.inserted));
    return written;
  }
}
