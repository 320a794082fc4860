// A checkout's subscription written, announced (subscription.created) and its workflow started, once per checkout.
import type { Tx } from '../../platform/database/transaction';
import { addInterval } from '../../kernel/calendar';
import { newId } from '../../kernel/ids';
import { announceSubscription } from './announce-subscription';
import type { NewSubscription } from './new-subscription';
import { Subscription } from './subscription.entity';
import type { SubscriptionDeps } from './subscription-deps';
import { startSubscriptionWorkflow } from './start-subscription-workflow';

/** The checkout's subscription: `trialing` until its trial ends, else `active` (subscription.created), once per checkout. */
export async function createSubscription(
  deps: SubscriptionDeps,
  tx: Tx,
  input: NewSubscription,
): Promise<Subscription> {
  const existing = input.checkoutId
    ? await tx.em.findOne(Subscription, { checkoutId: input.checkoutId })
    : input.id && (await tx.em.findOne(Subscription, { id: input.id }));
  if (existing) return existing;
  const { at, trialEnd, id, ...fields } = input;
  const subscription = tx.em.create(Subscription, {
    ...fields,
    id: id ?? newId(),
    status: trialEnd ? 'trialing' : 'active',
    discountAppliedAt: input.discountId && !trialEnd ? at : null,
    anchorDay: (trialEnd ?? at).getUTCDate(),
    currentPeriodStart: at,
    currentPeriodEnd: trialEnd ?? addInterval(at, input.recurringInterval, input.recurringIntervalCount),
    trialStart: trialEnd ? at : null,
    trialEnd,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    startedAt: at,
    endsAt: null,
    endedAt: null,
    pastDueAt: null,
    customerCancellationReason: null,
    customerCancellationComment: null,
    pendingUpdate: null,
    pendingItems: [],
    createdAt: at,
    modifiedAt: null,
  });
  await tx.em.flush();
  await announceSubscription(deps, tx, subscription, ['subscription.created']);
  startSubscriptionWorkflow(deps, tx, subscription);
  return subscription;
}
