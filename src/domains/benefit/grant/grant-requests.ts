// What asks for benefit grants to be synced: an order paid, a subscription changed, a refund, a seat claimed or
// revoked, a product's or a benefit's change, a customer deleted. Each ask is a `grant:` flow started (or signalled) through the outbox once the
// caller's transaction commits; a change that reaches many grants is a fan-out flow asking page by page.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { BenefitGrantInput, GrantChange, GrantFanOutInput, GrantSource } from '../../../../workflows/definitions';
import { inTransaction, type Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import { BenefitGrant } from './benefit-grant.entity';
import { FAN_OUT_PAGE, fanOutPage } from './fan-out-page';
import { grantFanOutStart, grantSyncStart, inputOf } from './grant-flow-starts';
import { grantsOfSource } from './grant-row';
import type { GrantSources } from './grant-source';

export interface GrantRequestDeps {
  orm: MikroORM;
  outbox: OutboxService;
  sources: GrantSources;
}

export class GrantRequests {
  /** The flows already asked for in a transaction (an order paid and its subscription activated ask twice). */
  private readonly requested = new WeakMap<EntityManager, Set<string>>();

  constructor(private readonly deps: GrantRequestDeps) {}

  /**
   * The source changed (paid, activated, ended, refunded, changed product; a seat claimed or revoked): its product's
   * benefits and its grants are synced, and those of a purchase's claimed seats.
   */
  async syncSource(
    tx: Tx,
    organizationId: string,
    customerId: string,
    source: GrantSource,
    productId: string | null,
  ): Promise<void> {
    const onProduct = productId ? await this.deps.sources.productBenefitIds(tx.em, organizationId, productId) : [];
    const held = await tx.em.find(BenefitGrant, grantsOfSource(source), { fields: ['benefitId'] });
    for (const benefitId of new Set([...onProduct, ...held.map((g) => g.benefitId)]))
      this.request(tx, { organizationId, benefitId, customerId, source });
    if (source.kind === 'seat') return;
    // The purchase's seats follow it: ended, refunded or changed product, its members' grants are synced too.
    for (const id of await this.deps.sources.seat.seatsOf(tx.em, { kind: source.kind, id: source.id }))
      await this.syncSource(tx, organizationId, customerId, { kind: 'seat', id }, productId);
  }

  /** A product's benefits changed: every holder's grants of the added and removed benefits are synced, by a fan-out flow. */
  async productBenefitsChanged(
    tx: Tx,
    organizationId: string,
    productId: string,
    before: string[],
    after: string[],
  ): Promise<void> {
    const benefitIds = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
    if (benefitIds.length) this.fanOut(tx, organizationId, { kind: 'product', productId, benefitIds });
  }

  /** A benefit's properties changed, or it was deleted: every grant of it is synced (refreshed or revoked), by a fan-out flow. */
  async benefitChanged(tx: Tx, organizationId: string, benefitId: string): Promise<void> {
    this.fanOut(tx, organizationId, { kind: 'benefit', benefitId });
  }

  /** A customer was deleted: every grant is revoked, its members' (seats') too. */
  async customerDeleted(tx: Tx, organizationId: string, customerId: string): Promise<void> {
    const grants = await tx.em.find(BenefitGrant, {
      organizationId,
      customerId,
      grantedAt: { $ne: null },
      revokedAt: null,
    });
    for (const grant of grants) this.request(tx, inputOf(grant));
  }

  /** The fan-out flow's activity: asks the grants of one page to sync; `done` after the last page. */
  async syncPage(input: GrantFanOutInput, offset: number): Promise<{ requested: number; done: boolean }> {
    return inTransaction(this.deps.orm, async (tx) => {
      const targets = await fanOutPage(this.deps.sources, tx.em, input, offset);
      for (const target of targets) this.request(tx, target);
      return { requested: targets.length, done: targets.length < FAN_OUT_PAGE };
    });
  }

  private fanOut(tx: Tx, organizationId: string, change: GrantChange): void {
    this.deps.outbox.enqueueWorkflowStart(tx, organizationId, grantFanOutStart(organizationId, change));
  }

  /** Starts (or signals) the grant's flow once the transaction commits. */
  private request(tx: Tx, input: BenefitGrantInput): void {
    const start = grantSyncStart(input);
    const requested = this.requested.get(tx.em) ?? new Set<string>();
    if (requested.has(start.workflowId)) return;
    this.requested.set(tx.em, requested.add(start.workflowId));
    this.deps.outbox.enqueueWorkflowStart(tx, input.organizationId, start);
  }
}
