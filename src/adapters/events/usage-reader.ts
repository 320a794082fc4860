// What billing reads back from the events store: the ingestion cut-off of a renewal, and a customer meter's usage in a
// window. The window of period k is B_k \ B_(k-1), B_k being the customer's matching events with a timestamp before
// the period's end and a sequence number at most the cut-off taken then: an event recorded after a cut-off with an
// older timestamp falls into the next window, so every event is billed once.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { MeterAggregation } from '../../contracts/meter-aggregation';
import type { MeterFilter } from '../../contracts/meter-filter';

/** What is counted (the port's MeterDefinition, restated here so the port's files do not import each other). */
export interface UsageMeter {
  id: string;
  filter: MeterFilter;
  aggregation: MeterAggregation;
}

/** Whose events: those carrying the customer's id, and those carrying its external id never attached to it. */
export interface UsageCustomer {
  customerId: string;
  externalCustomerId: string | null;
}

/** Where a customer meter was last reset: the period end and the cut-off billed then (B_(k-1)). */
export interface UsageBaseline {
  end: Date;
  seq: string;
}

/** Events counted: timestamp in [from, end), sequence at most `seq`, and not already in `since`. */
export interface UsageWindow {
  /** Events before it are not counted (a subscription's start); null: no lower bound. */
  from: Date | null;
  /** Null: no upper bound (usage so far). */
  end: Date | null;
  /** The cut-off (a bigint as a string); null: every committed event. */
  seq: string | null;
  since: UsageBaseline | null;
}

export interface UsageReader {
  /** The last event number once every batch of the organization in flight has committed (its own short transaction). */
  cutOff(orm: MikroORM, organizationId: string): Promise<string>;
  /** The meter's aggregation over the customer's events in a billed window: a decimal string ("0" for none). */
  billedUsage(
    em: EntityManager,
    organizationId: string,
    meter: UsageMeter,
    customer: UsageCustomer,
    window: UsageWindow & { end: Date; seq: string },
  ): Promise<string>;
  /** The aggregation over the customer's events since the baseline (and from `from`), up to now. */
  currentUsage(
    em: EntityManager,
    organizationId: string,
    meter: UsageMeter,
    customer: UsageCustomer,
    since: UsageBaseline | null,
    from?: Date | null,
  ): Promise<string>;
}
