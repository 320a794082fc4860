// Usage ingestion: a batch is checked whole (every failing event named by its index), its customers resolved, each
// event dated on its customer's clock (a sandbox test clock's time, where the customer has one), then written by the
// events store in one transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventStore, NewEvent } from '../../../adapters/events/event-store';
import type { EventCreate, EventsIngest } from '../../../contracts/event-ingest';
import type { Clock } from '../../../kernel/clock';
import { RequestValidationError, type ValidationIssue } from '../../../kernel/errors';
import { inSequence } from '../../../kernel/concurrency';
import { isUuid, newId } from '../../../kernel/ids';
import type { Tx } from '../../../platform/database/transaction';
import type { CustomerIdentity } from '../../customer';

export interface EventIngestDeps {
  store: EventStore;
  clock: Clock;
  customers: {
    identities(
      em: EntityManager,
      organizationId: string,
      ids: readonly string[],
      externalIds: readonly string[],
    ): Promise<CustomerIdentity[]>;
  };
  /** A test clock's time (wall time for none). */
  testClocks: { now(em: EntityManager, testClockId: string | null): Promise<Date> };
}

/** An event as the caller sent it, with what it becomes: ingestion and signals both write through `write`. */
export interface IncomingEvent {
  input: EventCreate;
  source: 'user';
  /** Reserved metadata only Bursar writes (a signal's kind). */
  systemMetadata?: Record<string, unknown>;
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
    const customers = await this.customersOf(tx.em, organizationId, incoming);
    const clocks = await this.clockTimes(tx.em, customers.values());
    const parents = await this.parentsOf(tx.em, organizationId, incoming);
    const now = this.deps.clock.now();
    const batchIds = new Map<string, string>();
    const events = incoming.map(({ input, source, systemMetadata }, index): NewEvent => {
      const id = newId();
      if (input.external_id) batchIds.set(input.external_id, batchIds.get(input.external_id) ?? id);
      if (input.organization_id && input.organization_id !== organizationId)
        refuse(index, 'organization_id', 'Events belong to the organization of the token');
      const customer =
        'customer_id' in input
          ? customers.get(`id:${input.customer_id}`)
          : customers.get(`external:${input.external_customer_id}`);
      if ('customer_id' in input && !customer)
        refuse(index, 'customer_id', 'No customer of the organization has this id');
      const clockNow = customer?.testClockId ? (clocks.get(customer.testClockId) ?? now) : now;
      const timestamp = input.timestamp ? new Date(input.timestamp) : clockNow;
      if (timestamp.getTime() > clockNow.getTime()) refuse(index, 'timestamp', 'Timestamps must lie in the past');
      const parentId = input.parent_id ? (parents.get(input.parent_id) ?? batchIds.get(input.parent_id) ?? null) : null;
      if (input.parent_id && !parentId)
        refuse(index, 'parent_id', 'No event of the organization has this id or external id');
      return {
        id,
        name: input.name,
        timestamp,
        source,
        customerId: customer?.id ?? null,
        externalCustomerId:
          'external_customer_id' in input ? input.external_customer_id : (customer?.externalId ?? null),
        memberId: 'member_id' in input ? (input.member_id ?? null) : null,
        externalMemberId: 'external_member_id' in input ? (input.external_member_id ?? null) : null,
        externalId: input.external_id ?? null,
        parentId,
        metadata: { ...input.metadata, ...systemMetadata },
      };
    });
    if (issues.length) throw new RequestValidationError(issues);
    return this.deps.store.writer.append(tx, organizationId, events, now);
  }

  /** The time on each test clock the batch's customers live on. */
  private async clockTimes(em: EntityManager, customers: Iterable<CustomerIdentity>): Promise<Map<string, Date>> {
    const ids = new Set([...customers].flatMap((c) => (c.testClockId ? [c.testClockId] : [])));
    return new Map(await inSequence([...ids], async (id) => [id, await this.deps.testClocks.now(em, id)] as const));
  }

  /** The batch's customers, keyed `id:<id>` and `external:<external id>`. */
  private async customersOf(
    em: EntityManager,
    organizationId: string,
    incoming: IncomingEvent[],
  ): Promise<Map<string, CustomerIdentity>> {
    const ids = incoming.flatMap(({ input }) => ('customer_id' in input ? [input.customer_id] : []));
    const externalIds = incoming.flatMap(({ input }) =>
      'external_customer_id' in input ? [input.external_customer_id] : [],
    );
    const found = await this.deps.customers.identities(
      em,
      organizationId,
      [...new Set(ids)],
      [...new Set(externalIds)],
    );
    const byKey = new Map<string, CustomerIdentity>();
    for (const customer of found) {
      byKey.set(`id:${customer.id}`, customer);
      if (customer.externalId !== null) byKey.set(`external:${customer.externalId}`, customer);
    }
    return byKey;
  }

  /** Parents named by an earlier event's id or external id (those in the batch itself are resolved as it is read). */
  private async parentsOf(
    em: EntityManager,
    organizationId: string,
    incoming: IncomingEvent[],
  ): Promise<Map<string, string>> {
    const refs = [...new Set(incoming.flatMap(({ input }) => (input.parent_id ? [input.parent_id] : [])))];
    if (!refs.length) return new Map();
    const uuids = refs.filter(isUuid);
    const rows = await em.execute<{ ref: string; id: string }[]>(
      `select external_id as ref, event_id as id from event_external_id where organization_id = ? and external_id in (?)
       ${uuids.length ? 'union all select id::text, id from event where organization_id = ? and id in (?)' : ''}`,
      uuids.length ? [organizationId, refs, organizationId, uuids] : [organizationId, refs],
    );
    return new Map(rows.map((row) => [row.ref, row.id]));
  }
}
