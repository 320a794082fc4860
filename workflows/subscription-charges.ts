// The subscription workflow's billing: renewing a period and charging its order, recording the payment or the failed
// attempt (dunning's next retry, or the end), a charge still processing awaited until it settles, and the final
// usage of a subscription that ends at period end.
import { patched } from '@temporalio/workflow';
import { nextRetryAt } from '../src/domains/subscription/dunning.logic';
import { PAYMENT_SETTLEMENT_TIMEOUT_MS } from '../temporal.config';
import type { AwaitedCharge } from './definitions';
import { acts, type RenewalCharge } from './subscription-activities';
import { AWAIT_SETTLEMENT, RENEW_IN_ONE_STEP } from './subscription-patches';
import type { SubscriptionRun } from './subscription-run';

/** The order is paid: dunning is over, the subscription active. */
async function paid(run: SubscriptionRun, orderId: string, chargeId: string | null, at: string) {
  run.dunning = null;
  run.show(await acts.recordSubscriptionPayment(orderId, chargeId, at));
}

/** Attempt n of the order failed: past_due and the next retry, or the end. */
async function failed(run: SubscriptionRun, orderId: string, attempt: number, at: string, unrecoverable: boolean) {
  const retryAt = nextRetryAt(new Date(at), attempt, run.schedule!.dunningDays, unrecoverable);
  run.show(await acts.recordSubscriptionFailure(run.id, orderId, retryAt?.toISOString() ?? null, at));
  run.dunning = retryAt && { orderId, failures: attempt, nextAttemptAt: retryAt.toISOString() };
  if (!retryAt) run.show(await acts.endSubscription(run.id, at));
}

/** Charges an order (attempt n of its dunning) at `at`: paid, declined, or still processing (awaited). */
export async function chargeAt(run: SubscriptionRun, orderId: string, attempt: number, at: string) {
  return charged(run, orderId, attempt, at, await acts.chargeSubscriptionOrder(orderId, attempt));
}

/** What the charge of attempt n came to: paid, declined (dunning), or still processing (awaited). */
async function charged(run: SubscriptionRun, orderId: string, attempt: number, at: string, outcome: RenewalCharge) {
  if ('declined' in outcome) return failed(run, orderId, attempt, at, outcome.unrecoverable);
  if (outcome.pending && outcome.chargeId && patched(AWAIT_SETTLEMENT)) {
    const settleBy = new Date(run.clock.now().getTime() + (outcome.settleWithinMs ?? PAYMENT_SETTLEMENT_TIMEOUT_MS));
    run.awaited = { orderId, chargeId: outcome.chargeId, attempt, settleBy: settleBy.toISOString() };
    return run.show(run.schedule!);
  }
  await paid(run, orderId, outcome.chargeId, at);
}

/** Renews the period ending at `periodEnd` and charges its order (attempt 1). */
export async function renew(run: SubscriptionRun, periodEnd: string) {
  if (patched(RENEW_IN_ONE_STEP)) {
    const { orderId, charge, paidSchedule } = await acts.renewAndChargeSubscription(run.id, periodEnd);
    run.cycles++;
    if (!paidSchedule) return charged(run, orderId, 1, periodEnd, charge);
    run.dunning = null;
    return run.show(paidSchedule);
  }
  const { orderId } = await acts.renewSubscription(run.id, periodEnd, periodEnd);
  run.cycles++;
  await chargeAt(run, orderId, 1, periodEnd);
}

/**
 * The last period's usage of a subscription ending at period end: charged once, like a renewal, before it ends; a
 * declined (or still processing, then canceled) order is voided with the end: no dunning for a subscription that is over.
 */
export async function chargeFinalUsage(run: SubscriptionRun, periodEnd: string) {
  const { orderId } = await acts.billFinalUsage(run.id, periodEnd);
  if (!orderId) return;
  const outcome = await acts.chargeSubscriptionOrder(orderId, 1);
  if ('declined' in outcome) return;
  // A charge still processing is not awaited past the end: canceled at the processor, unless it went through meanwhile.
  const through =
    !outcome.pending ||
    !outcome.chargeId ||
    (await acts.cancelSubscriptionCharge(orderId, outcome.chargeId)) === 'succeeded';
  if (through) run.show(await acts.recordSubscriptionPayment(orderId, outcome.chargeId, periodEnd));
}

/** Whether the awaited charge went through: its settlement, or, without one, what canceling it at the processor finds. */
export async function awaitedSucceeded(run: SubscriptionRun, { orderId, chargeId }: AwaitedCharge) {
  const settlement = run.settlements.get(chargeId);
  return settlement ? settlement.succeeded : (await acts.cancelSubscriptionCharge(orderId, chargeId)) === 'succeeded';
}

/** The awaited charge settled (now) or its time ran out (at its deadline): paid, or a failed attempt that dunning retries. */
export async function settleAwaited(run: SubscriptionRun) {
  if (!run.awaited || run.schedule!.status === 'canceled') return;
  const charge = run.awaited;
  const at = run.settlements.has(charge.chargeId) ? run.clock.now().toISOString() : charge.settleBy;
  const succeeded = await awaitedSucceeded(run, charge);
  run.awaited = null;
  if (succeeded) await paid(run, charge.orderId, charge.chargeId, at);
  else await failed(run, charge.orderId, charge.attempt, at, false);
}
