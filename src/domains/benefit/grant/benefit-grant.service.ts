// The sync of one benefit grant — the `grant:` workflow's one activity, one transaction: the grant row, its key,
// downloads or credits, benefit_grant.* and customer.state_changed together (grant-requests.ts asks for it).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { BenefitGrantInput, GrantOutcome } from '../../../../workflows/definitions';
import type { BenefitGrantWebhook } from '../../../contracts/benefit-grant';
import { inTransaction, type Tx } from '../../../platform/database/transaction';
import type { OutboxService } from '../../../platform/outbox';
import type { Clock } from '../../../kernel/clock';
import { customerById } from '../../customer';
import { Benefit } from '../benefit.entity';
import { givenPerSeat, grantEvent, grantStep, shouldHold, sourceEntitles } from './benefit-grant.logic';
import { benefitGrantOutput } from './benefit-grant.output';
import type { GrantEffects } from './grant-effects';
import { memberOfGrant } from './grant-outputs';
import { claimGrant, lockedGrant } from './grant-row';
import type { GrantSources } from './grant-source';

export interface BenefitGrantDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  sources: GrantSources;
  effects: GrantEffects;
  /** Writes customer.state_changed (the customer-state domain). */
  state: { changed(tx: Tx, organizationId: string, customerId: string): Promise<void> };
}

export class BenefitGrantService {
  constructor(private readonly deps: BenefitGrantDeps) {}

  /** The workflow's activity: brings the grant in line with its source, product, benefit and customer. */
  async sync(input: BenefitGrantInput): Promise<GrantOutcome> {
    return inTransaction(this.deps.orm, async (tx) => {
      const state = await this.deps.sources[input.source.kind].state(tx.em, input.organizationId, input.source.id);
      const benefit = await tx.em.findOne(Benefit, { id: input.benefitId, organizationId: input.organizationId });
      const customer = await customerById(tx.em, input.organizationId, input.customerId);
      if (!state || !benefit || !customer) return 'unchanged';
      const seat = input.source.kind === 'seat';
      const hold = shouldHold({
        sourceActive: sourceEntitles({ ...state, kind: input.source.kind }, customer.id),
        onProduct:
          state.productId !== null &&
          (!seat || givenPerSeat(benefit.type)) &&
          (await this.deps.sources.productBenefitIds(tx.em, input.organizationId, state.productId)).includes(
            benefit.id,
          ),
        benefitDeleted: benefit.deletedAt !== null,
        customerDeleted: customer.deletedAt !== null,
      });
      const grant = hold ? await claimGrant(tx, input, state) : await lockedGrant(tx, input);
      if (!grant) return 'unchanged';
      const granted = grant.grantedAt !== null && grant.revokedAt === null;
      const step = grantStep(
        { exists: grant.grantedAt !== null, granted, cycleKey: grant.cycleKey },
        hold,
        state.cycleKey,
      );
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
      const data: BenefitGrantWebhook = {
        ...benefitGrantOutput(grant, customer, benefit, await memberOfGrant(tx.em, grant)),
        previous_properties: step === 'grant' ? null : previous,
      };
      this.deps.outbox.enqueueEvent(tx, grant.organizationId, `benefit_grant.${event}`, data);
      await this.deps.state.changed(tx, grant.organizationId, grant.customerId);
      return step === 'revoke' ? 'revoked' : 'granted';
    });
  }
}
