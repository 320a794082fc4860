// The reconciliation of an organization's books over a range of days: every law read in one read-only transaction
// (one snapshot: the laws see the same books), each by set-based statements, judged by reconciliation.logic.ts.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Reconciliation, ReconciliationQuery } from '../../contracts/reconciliation';
import type { Tx } from '../../platform/database/transaction';
import { readBenefits } from './read-benefits';
import { readCharges } from './read-charges';
import { readCredits } from './read-credits';
import { readEvents } from './read-events';
import { readRefunds } from './read-refunds';
import { readUsage } from './read-usage';
import { benefitLaw, chargeLaw, creditLaw, eventLaw, refundLaw, usageLaw } from './reconciliation.logic';
import { dayRange } from './reconciliation-range';

export class ReconciliationService {
  constructor(private readonly orm: MikroORM) {}

  /** In a transaction of its own: repeatable read and read-only, so every law reads one snapshot and nothing writes. */
  reconcile(organizationId: string, query: ReconciliationQuery): Promise<Reconciliation> {
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute('set transaction isolation level repeatable read, read only');
      return this.readLaws({ em, afterCommit: () => undefined }, organizationId, query);
    });
  }

  private async readLaws(tx: Tx, organizationId: string, query: ReconciliationQuery): Promise<Reconciliation> {
    const range = dayRange(query);
    const charges = await readCharges(tx, organizationId, range);
    const refunds = await readRefunds(tx, organizationId, range);
    const laws = [
      usageLaw(await readUsage(tx, organizationId, range)),
      creditLaw(await readCredits(tx, organizationId, range)),
      chargeLaw(charges.groups, charges.uncharged),
      refundLaw(refunds.groups, refunds.orders),
      benefitLaw(await readBenefits(tx, organizationId, range)),
      eventLaw(await readEvents(tx, organizationId, range)),
    ];
    return { organization_id: organizationId, from: query.from, to: query.to, ok: laws.every((l) => l.ok), laws };
  }
}
