// The outbox starts of the grant flows: one grant's sync (reused and signalled if running), a fan-out over many.
import { flowStart, type WorkflowStart } from '../../../platform/temporal/flow-start';
import {
  FLOWS,
  syncGrantSignal,
  type BenefitGrantInput,
  type GrantChange,
  type GrantFanOutInput,
} from '../../../../workflows/definitions';
import { newId } from '../../../kernel/ids';
import type { BenefitGrant } from './benefit-grant.entity';

/** One grant's flow, keyed by benefit, customer and source: started, or signalled to sync again. */
export function grantSyncStart(input: BenefitGrantInput): WorkflowStart {
  return flowStart(FLOWS.benefitGrant, [input.benefitId, input.customerId, input.source.id], input, {
    searchAttributes: { CustomerId: input.customerId, ...sourceAttribute(input.source) },
    summary: `Benefit ${input.benefitId} for customer ${input.customerId} from ${input.source.kind} ${input.source.id}`,
    reusable: true,
    signal: syncGrantSignal,
  });
}

/** The source's own search attribute (a seat has none: its flow is found by customer, or by id). */
const sourceAttribute = (source: BenefitGrantInput['source']) =>
  source.kind === 'order'
    ? { OrderId: source.id }
    : source.kind === 'subscription'
      ? { SubscriptionId: source.id }
      : {};

/** A fan-out flow over every grant a product's or a benefit's change reaches. */
export function grantFanOutStart(organizationId: string, change: GrantChange): WorkflowStart {
  const id = change.kind === 'product' ? change.productId : change.benefitId;
  return flowStart(
    FLOWS.grantFanOut,
    [change.kind, id, newId()],
    { organizationId, change } satisfies GrantFanOutInput,
    {
      summary: change.kind === 'product' ? `Grants of product ${id}'s changed benefits` : `Grants of benefit ${id}`,
    },
  );
}

/** The sync a grant row asks for. */
export const inputOf = (grant: BenefitGrant): BenefitGrantInput => ({
  organizationId: grant.organizationId,
  benefitId: grant.benefitId,
  customerId: grant.customerId,
  source: grant.seatId
    ? { kind: 'seat', id: grant.seatId }
    : grant.orderId
      ? { kind: 'order', id: grant.orderId }
      : { kind: 'subscription', id: grant.subscriptionId! },
});
