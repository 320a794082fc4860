// Customer meters as billing sees them: the usage of a period that ends (read up to the renewal's ingestion cut-off)
// and the reset that starts the next one, in the renewal's transaction; and the usage so far, for the reads.
import type { CustomerScope, MeterDefinition } from '../../adapters/events/event-store';
import type { UsageBaseline, UsageReader } from '../../adapters/events/usage-reader';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Tx } from '../../platform/database/transaction';
import { closePeriod, type ClosingPeriod } from './close-meter-period';

export class CustomerMeterService {
  constructor(private readonly usage: UsageReader) {}

  /** A renewal's ingestion cut-off, read in its own short transaction before the renewal's (see usage-reader.ts). */
  cutOff(orm: MikroORM, organizationId: string): Promise<string> {
    return this.usage.cutOff(orm, organizationId);
  }

  /** Closes the period on the customer's meter: the units consumed and credited, then the reset. */
  closePeriod(tx: Tx, period: ClosingPeriod): Promise<{ consumed: string; credited: number }> {
    return closePeriod(this.usage, tx, period);
  }

  /** The units consumed on a meter since its last reset (and from `from`), as of now. */
  consumedSince(
    em: EntityManager,
    organizationId: string,
    meter: MeterDefinition,
    customer: CustomerScope,
    since: UsageBaseline | null,
    from: Date | null = null,
  ): Promise<string> {
    return this.usage.currentUsage(em, organizationId, meter, customer, since, from);
  }
}
