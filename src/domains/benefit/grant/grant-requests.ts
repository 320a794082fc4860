// What asks for benefit grants to be synced: an order paid, a subscription changed, a refund, a product's or a
// benefit's change, a customer deleted. Each ask is a `grant:` flow started (or signalled) through the outbox once the
// caller's transaction commits; a change that reaches many grants is a fan-out flow asking page by page.
import { flowStart } from '../../../platform/temporal/flow-start';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  FLOWS,
  syncGrantSignal,
  type BenefitGrantInput,
  type GrantChange,
  type GrantFanOutInput,
  type GrantSource,
} from '../../../../workflows/definitions';
import { inTransaction, type Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import { newId } from '../../../kernel/ids';
import { BenefitGrant } from './benefit-grant.entity';
import type { GrantSources } from './grant-source';

export interface GrantRequestDeps {
  orm: MikroORM;
  outbox: OutboxService;
  sources: GrantSources;
}

/** Grants asked to sync per page of a fan-out (each one outbox row, dispatched after the page commits). */
const FAN_OUT_PAGE = 200;

export class GrantRequests {
  /** The flows already asked for in a transaction (an order paid and its subscription activated ask twice). */
  private readonly requested = new WeakMap<EntityManager, Set<string>>();

  constructor(private readonly deps: GrantRequestDeps) {}

  /** The source changed (paid, activated, ended, refunded, changed product): its product's benefits and its grants are synced. */
  async syncSource(
    tx: Tx,
    organizationId: string,
    customerId: string,
    source: GrantSource,
    productId: string | null,
  ): Promise<void> {
    const onProduct = productId ? await this.deps.sources.productBenefitIds(tx.em, organizationId, productId) : [];
    const held = await tx.em.find(
      BenefitGrant,
      source.kind === 'order' ? { orderId: source.id } : { subscriptionId: source.id },
      { fields: ['benefitId'] },
    );
    for (const benefitId of new Set([...onProduct, ...held.map((g) => g.benefitId)]))
      this.request(tx, { organizationId, benefitId, customerId, source });
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

  /** A customer was deleted: every grant is revoked. */
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
  async syncPage(
    { organizationId, change }: GrantFanOutInput,
    offset: number,
  ): Promise<{ requested: number; done: boolean }> {
    return inTransaction(this.deps.orm, async (tx) => {
      const targets =
        change.kind === 'benefit'
          ? (
              await tx.em.find(
                BenefitGrant,
                { organizationId, benefitId: change.benefitId, grantedAt: { $ne: null }, revokedAt: null },
                { orderBy: { id: 'asc' }, offset, limit: FAN_OUT_PAGE },
              )
            ).map(inputOf)
          : (await this.holders(tx.em, organizationId, change.productId))
              .flatMap(({ customerId, source }) =>
                change.benefitIds.map((benefitId) => ({ organizationId, benefitId, customerId, source })),
              )
              .slice(offset, offset + FAN_OUT_PAGE);
      for (const target of targets) this.request(tx, target);
      return { requested: targets.length, done: targets.length < FAN_OUT_PAGE };
    });
  }

  /** Whoever holds the product now: its paid one-time purchases, then its live subscriptions. */
  private async holders(
    em: EntityManager,
    organizationId: string,
    productId: string,
  ): Promise<{ customerId: string; source: GrantSource }[]> {
    const holders: { customerId: string; source: GrantSource }[] = [];
    for (const kind of ['order', 'subscription'] as const) {
      for (const { customerId, id } of await this.deps.sources[kind].holders(em, organizationId, productId))
        holders.push({ customerId, source: { kind, id } });
    }
    return holders;
  }

  private fanOut(tx: Tx, organizationId: string, change: GrantChange): void {
    const id = change.kind === 'product' ? change.productId : change.benefitId;
    this.deps.outbox.enqueueWorkflowStart(
      tx,
      organizationId,
      flowStart(FLOWS.grantFanOut, [change.kind, id, newId()], { organizationId, change } satisfies GrantFanOutInput, {
        summary: change.kind === 'product' ? `Grants of product ${id}'s changed benefits` : `Grants of benefit ${id}`,
      }),
    );
  }

  /** Starts (or signals) the grant's flow once the transaction commits. */
  private request(tx: Tx, input: BenefitGrantInput): void {
    const start = flowStart(FLOWS.benefitGrant, [input.benefitId, input.customerId, input.source.id], input, {
      searchAttributes: {
        CustomerId: input.customerId,
        ...(input.source.kind === 'order' ? { OrderId: input.source.id } : { SubscriptionId: input.source.id }),
      },
      summary: `Benefit ${input.benefitId} for customer ${input.customerId} from ${input.source.kind} ${input.source.id}`,
      reusable: true,
      signal: syncGrantSignal,
    });
    const requested = this.requested.get(tx.em) ?? new Set<string>();
    if (requested.has(start.workflowId)) return;
    this.requested.set(tx.em, requested.add(start.workflowId));
    this.deps.outbox.enqueueWorkflowStart(tx, input.organizationId, start);
  }
}

const inputOf = (grant: BenefitGrant): BenefitGrantInput => ({
  organizationId: grant.organizationId,
  benefitId: grant.benefitId,
  customerId: grant.customerId,
  source: grant.orderId ? { kind: 'order', id: grant.orderId } : { kind: 'subscription', id: grant.subscriptionId! },
});
