// Benefit grants: what asks for a grant to be synced (an order paid, a subscription changed, a refund, a product's
// or benefit's change, a customer deleted) and the sync itself — the `grant:` workflow's one activity, one
// transaction: the grant row, its key, downloads or credits, benefit_grant.* and customer.state_changed together.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  WORKFLOW_TYPES,
  benefitGrantWorkflowId,
  grantFanOutWorkflowId,
  type BenefitGrantInput,
  type GrantChange,
  type GrantFanOutInput,
  type GrantOutcome,
  type GrantSource,
} from '../../../../workflows/definitions';
import type { BenefitGrantWebhook } from '../../../contracts/benefit-grant';
import { inTransaction, type Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { Clock } from '../../../kernel/clock';
import { newId } from '../../../kernel/ids';
import { customerById } from '../../customer';
import { Benefit } from '../benefit.entity';
import { BenefitGrant } from './benefit-grant.entity';
import { grantEvent, grantStep, shouldHold } from './benefit-grant.logic';
import { benefitGrantOutput } from './benefit-grant.output';
import type { GrantEffects } from './grant-effects';
import type { GrantSources } from './grant-source';

export interface BenefitGrantDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  sources: GrantSources;
  effects: GrantEffects;
  /** Writes customer.state_changed (the customer-state domain, bound in the wiring). */
  state: { changed(tx: Tx, organizationId: string, customerId: string): Promise<void> };
}

/** Grants asked to sync per page of a fan-out (each one outbox row, dispatched after the page commits). */
const FAN_OUT_PAGE = 200;

export class BenefitGrantService {
  /** The flows already asked for in a transaction (an order paid and its subscription activated ask twice). */
  private readonly requested = new WeakMap<EntityManager, Set<string>>();

  constructor(private readonly deps: BenefitGrantDeps) {}

  /** The source changed (paid, activated, ended, refunded, changed product): its product's benefits and its grants are synced. */
  async syncSource(tx: Tx, organizationId: string, customerId: string, source: GrantSource, productId: string | null): Promise<void> {
    const onProduct = productId ? await this.deps.sources.productBenefitIds(tx.em, organizationId, productId) : [];
    const held = await tx.em.find(BenefitGrant, source.kind === 'order' ? { orderId: source.id } : { subscriptionId: source.id }, { fields: ['benefitId'] });
    for (const benefitId of new Set([...onProduct, ...held.map((g) => g.benefitId)])) this.request(tx, { organizationId, benefitId, customerId, source });
  }

  /** A product's benefits changed: every holder's grants of the added and removed benefits are synced, by a fan-out flow. */
  async productBenefitsChanged(tx: Tx, organizationId: string, productId: string, before: string[], after: string[]): Promise<void> {
    const benefitIds = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
    if (benefitIds.length) this.fanOut(tx, organizationId, { kind: 'product', productId, benefitIds });
  }

  /** A benefit's properties changed, or it was deleted: every grant of it is synced (refreshed or revoked), by a fan-out flow. */
  async benefitChanged(tx: Tx, organizationId: string, benefitId: string): Promise<void> {
    this.fanOut(tx, organizationId, { kind: 'benefit', benefitId });
  }

  /** A customer was deleted: every grant is revoked. */
  async customerDeleted(tx: Tx, organizationId: string, customerId: string): Promise<void> {
    const grants = await tx.em.find(BenefitGrant, { organizationId, customerId, grantedAt: { $ne: null }, revokedAt: null });
    for (const grant of grants) this.request(tx, inputOf(grant));
  }

  /** The fan-out flow's activity: asks the grants of one page to sync; `done` after the last page. */
  async syncPage({ organizationId, change }: GrantFanOutInput, offset: number): Promise<{ requested: number; done: boolean }> {
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
              .flatMap(({ customerId, source }) => change.benefitIds.map((benefitId) => ({ organizationId, benefitId, customerId, source })))
              .slice(offset, offset + FAN_OUT_PAGE);
      for (const target of targets) this.request(tx, target);
      return { requested: targets.length, done: targets.length < FAN_OUT_PAGE };
    });
  }

  /** Whoever holds the product now: its paid one-time purchases, then its live subscriptions. */
  private async holders(em: EntityManager, organizationId: string, productId: string): Promise<{ customerId: string; source: GrantSource }[]> {
    const holders: { customerId: string; source: GrantSource }[] = [];
    for (const kind of ['order', 'subscription'] as const) {
      for (const { customerId, id } of await this.deps.sources[kind].holders(em, organizationId, productId)) holders.push({ customerId, source: { kind, id } });
    }
    return holders;
  }

  private fanOut(tx: Tx, organizationId: string, change: GrantChange): void {
    const id = change.kind === 'product' ? change.productId : change.benefitId;
    this.deps.outbox.enqueueWorkflowStart(tx, organizationId, {
      workflowType: WORKFLOW_TYPES.grantFanOut,
      workflowId: grantFanOutWorkflowId(change.kind, id, newId()),
      args: [{ organizationId, change } satisfies GrantFanOutInput],
      summary: change.kind === 'product' ? `Grants of product ${id}'s changed benefits` : `Grants of benefit ${id}`,
    });
  }

  /** Starts (or signals) the grant's flow once the transaction commits. */
  private request(tx: Tx, input: BenefitGrantInput): void {
    const workflowId = benefitGrantWorkflowId(input.benefitId, input.customerId, input.source.id);
    const requested = this.requested.get(tx.em) ?? new Set<string>();
    if (requested.has(workflowId)) return;
    this.requested.set(tx.em, requested.add(workflowId));
    this.deps.outbox.enqueueWorkflowStart(tx, input.organizationId, {
      workflowType: WORKFLOW_TYPES.benefitGrant,
      workflowId,
      args: [input],
      searchAttributes: {
        CustomerId: input.customerId,
        ...(input.source.kind === 'order' ? { OrderId: input.source.id } : { SubscriptionId: input.source.id }),
      },
      summary: `Benefit ${input.benefitId} for customer ${input.customerId} from ${input.source.kind} ${input.source.id}`,
      reusable: true,
      signal: 'sync',
    });
  }

  /** The workflow's activity: brings the grant in line with its source, product, benefit and customer. */
  async sync(input: BenefitGrantInput): Promise<GrantOutcome> {
    return inTransaction(this.deps.orm, async (tx) => {
      const state = await this.deps.sources[input.source.kind].state(tx.em, input.organizationId, input.source.id);
      const benefit = await tx.em.findOne(Benefit, { id: input.benefitId, organizationId: input.organizationId });
      const customer = await customerById(tx.em, input.organizationId, input.customerId);
      if (!state || !benefit || !customer) return 'unchanged';
      const hold = shouldHold({
        sourceActive: state.active && state.customerId === customer.id,
        onProduct: state.productId !== null && (await this.deps.sources.productBenefitIds(tx.em, input.organizationId, state.productId)).includes(benefit.id),
        benefitDeleted: benefit.deletedAt !== null,
        customerDeleted: customer.deletedAt !== null,
      });
      const grant = hold ? await this.claim(tx, input, state.at) : await this.locked(tx, input);
      if (!grant) return 'unchanged';
      const granted = grant.grantedAt !== null && grant.revokedAt === null;
      const step = grantStep({ exists: grant.grantedAt !== null, granted, cycleKey: grant.cycleKey }, hold, state.cycleKey);
      if (step === 'none') return 'unchanged';
      const previous = { ...grant.properties };
      if (step === 'revoke') {
        const revokedAt = !state.active && state.endedAt ? state.endedAt : state.at; // a clock advanced past the end dates it at the end
        await this.deps.effects.revoke(tx, grant, benefit, revokedAt);
        Object.assign(grant, { revokedAt, modifiedAt: state.at });
      } else {
        if (step === 'grant' || step === 'regrant') Object.assign(grant, { grantedAt: state.at, revokedAt: null });
        if (step !== 'refresh') grant.cycleKey = state.cycleKey;
        const context = { step, at: state.at, now: this.deps.clock.now(), oneTime: state.oneTime };
        grant.properties = await this.deps.effects.grant(tx, grant, benefit, context);
      }
      const event = grantEvent(step, JSON.stringify(previous) !== JSON.stringify(grant.properties));
      if (!event) return 'unchanged';
      if (step === 'refresh' || step === 'cycle' || step === 'regrant') grant.modifiedAt = state.at;
      await tx.em.flush();
      const data: BenefitGrantWebhook = { ...benefitGrantOutput(grant, customer, benefit), previous_properties: step === 'grant' ? null : previous };
      this.deps.outbox.enqueueEvent(tx, grant.organizationId, `benefit_grant.${event}`, data);
      await this.deps.state.changed(tx, grant.organizationId, grant.customerId);
      return step === 'revoke' ? 'revoked' : 'granted';
    });
  }

  /** The grant's row, created if missing (a retried or concurrent sync finds the same one), locked. */
  private async claim(tx: Tx, input: BenefitGrantInput, at: Date): Promise<BenefitGrant> {
    const [orderId, subscriptionId] = input.source.kind === 'order' ? [input.source.id, null] : [null, input.source.id];
    await tx.em.execute(
      `insert into benefit_grant (id, organization_id, customer_id, benefit_id, order_id, subscription_id, properties, created_at)
       values (?, ?, ?, ?, ?, ?, '{}', ?) on conflict (customer_id, benefit_id, (coalesce(order_id, subscription_id))) do nothing`,
      [newId(), input.organizationId, input.customerId, input.benefitId, orderId, subscriptionId, at],
    );
    return (await this.locked(tx, input))!;
  }

  private locked(tx: Tx, input: BenefitGrantInput): Promise<BenefitGrant | null> {
    const source = input.source.kind === 'order' ? { orderId: input.source.id } : { subscriptionId: input.source.id };
    return tx.em.findOne(BenefitGrant, { customerId: input.customerId, benefitId: input.benefitId, ...source }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}

const inputOf = (grant: BenefitGrant): BenefitGrantInput => ({
  organizationId: grant.organizationId,
  benefitId: grant.benefitId,
  customerId: grant.customerId,
  source: grant.orderId ? { kind: 'order', id: grant.orderId } : { kind: 'subscription', id: grant.subscriptionId! },
});
