// One checkout session (`checkout:<id>`): waits for confirmation until it expires; after a confirmation, charges,
// and either completes (order written) or, on a decline, reopens for another attempt. A charge that went through is
// refunded when the checkout cannot complete; one the processor never settled is canceled there.
import { condition, log, patched, proxyActivities, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { CheckoutConfirm } from '../src/contracts/checkout-update';
import { PAYMENT_SETTLEMENT_TIMEOUT_MS } from '../temporal.config';
import {
  CHECKOUT_ACTIVITY,
  CHECKOUT_CHARGE_ACTIVITY,
  CHECKOUT_COMPENSATION_ACTIVITY,
  CHECKOUT_LOCAL_ACTIVITY,
} from './activity-options';
import {
  checkoutStateQuery,
  confirmCheckoutUpdate,
  paymentSettledSignal,
  type CheckoutInput,
  type Settlement,
} from './definitions';
import { businessFailure, nonRetryableFailure } from './failures';
import { workflowClock, type WorkflowClock } from './time';

const { confirmCheckout, reopenCheckout, completeCheckout, expireCheckout, failCheckout } =
  proxyActivities<Activities>(CHECKOUT_ACTIVITY);
/** The charge is retried until it answers: a charge made whose answer was lost must be known, to be refunded if need be. */
const { chargeCheckout } = proxyActivities<Activities>(CHECKOUT_CHARGE_ACTIVITY);
const { refundCheckoutCharge, cancelCheckoutCharge } = proxyActivities<Activities>(CHECKOUT_COMPENSATION_ACTIVITY);
/**
 * The same database steps as local activities. The charge stays a regular activity: it calls the processor, and the
 * workflow task it ends lets the confirmation's answer reach the API before the payment is made.
 */
const local = proxyLocalActivities<Activities>(CHECKOUT_LOCAL_ACTIVITY);

/** Steps added after histories were recorded (`patched`): the refund of a charge the checkout could not complete… */
const REFUND_ON_FAILURE = 'checkout-refund-charge-on-failure';
/** …and the cancellation of a charge the processor never settled. */
const CANCEL_UNSETTLED = 'checkout-cancel-unsettled-charge';
/** Confirm and complete as local activities, the order written paid with the checkout's completion. */
const LOCAL_STEPS = 'checkout-local-steps';

/** What the customer reads on the failed checkout (the technical cause goes to the worker's log, never to them). */
const COMPENSATED = {
  refunded: 'the purchase could not be completed; the payment was refunded.',
  refused: 'the purchase could not be completed, and the refund of the payment is being handled by support.',
} as const;

export async function checkoutSession(input: CheckoutInput): Promise<'succeeded' | 'expired' | 'failed'> {
  const clock = workflowClock(input.clock);
  const outcome = await session(input, clock);
  await clock.end();
  return outcome;
}

async function session(
  { checkoutId, expiresAt }: CheckoutInput,
  clock: WorkflowClock,
): Promise<'succeeded' | 'expired' | 'failed'> {
  let state = 'open' as 'open' | 'confirming' | 'confirmed';
  let confirmations = 0;
  const settlements = new Map<string, Settlement>();
  setHandler(checkoutStateQuery, () => state);
  setHandler(paymentSettledSignal, (settlement) => void settlements.set(settlement.chargeId, settlement));
  setHandler(
    confirmCheckoutUpdate,
    async (body) => {
      state = 'confirming';
      const attempt = ++confirmations;
      try {
        await (patched(LOCAL_STEPS) ? local.confirmCheckout : confirmCheckout)(checkoutId, body, attempt);
        state = 'confirmed';
      } catch (error) {
        state = 'open';
        throw businessFailure(error, 'The confirmation failed.', 'ConfirmationFailed');
      }
    },
    {
      // Synchronous, so an illegal confirmation is refused before anything is recorded.
      validator: (_body: CheckoutConfirm) => {
        if (state !== 'open') throw nonRetryableFailure('NotOpenCheckout', 'This checkout is not open.');
        if (clock.now().getTime() >= Date.parse(expiresAt))
          throw nonRetryableFailure('ExpiredCheckoutError', 'This checkout has expired.');
      },
    },
  );

  for (;;) {
    const confirmed = await clock.waitUntil(new Date(expiresAt), () => state === 'confirmed');
    if (!confirmed) {
      if (state === 'confirming') {
        await condition(() => state !== 'confirming'); // a confirmation is in flight: let it finish
        continue;
      }
      await expireCheckout(checkoutId);
      return 'expired';
    }
    let charged: string | null = null; // a charge that went through, refunded if the checkout cannot complete
    try {
      const outcome = await chargeCheckout(checkoutId, confirmations);
      const failure =
        'declined' in outcome
          ? outcome.declined
          : outcome.pending && outcome.chargeId
            ? await settledWithin(
                clock,
                outcome.settleWithinMs ?? PAYMENT_SETTLEMENT_TIMEOUT_MS,
                () => settlements.get(outcome.chargeId!),
                () => cancelCheckoutCharge(checkoutId, outcome.chargeId!),
              )
            : null;
      if (failure !== null) {
        await reopenCheckout(checkoutId, failure);
        state = 'open';
        continue;
      }
      charged = 'chargeId' in outcome ? outcome.chargeId : null;
      if (patched(LOCAL_STEPS)) await local.completeCheckout(checkoutId, charged, true);
      else await completeCheckout(checkoutId, charged);
      return 'succeeded';
    } catch (error) {
      // Retries ran out on a technical error, or the processor never settled: the session cannot go on (`failed`),
      // and a charge that went through is given back first.
      if (charged !== null && patched(REFUND_ON_FAILURE)) {
        const compensation = await refundCheckoutCharge(checkoutId, charged);
        if (compensation === 'completed') return 'succeeded'; // an attempt whose answer was lost did complete it
        log.error('A paid checkout could not be completed', {
          checkoutId,
          chargeId: charged,
          error: innermostMessage(error),
        });
        await failCheckout(checkoutId, COMPENSATED[compensation ?? 'refunded']);
      } else {
        await failCheckout(checkoutId, error instanceof Error ? error.message : String(error));
      }
      return 'failed';
    }
  }
}

/**
 * Waits for the processor's settlement of a pending charge: null when it succeeded, else the reason it failed. When
 * none comes in time the charge is canceled, so that it can never settle later; one that went through meanwhile counts
 * as succeeded (the purchase it paid for completes), one canceled fails the session.
 */
async function settledWithin(
  clock: WorkflowClock,
  timeoutMs: number,
  current: () => Settlement | undefined,
  cancel: () => Promise<'canceled' | 'succeeded'>,
): Promise<string | null> {
  const arrived = await clock.waitUntil(new Date(clock.now().getTime() + timeoutMs), () => current() !== undefined);
  if (!arrived && !patched(CANCEL_UNSETTLED)) throw new Error('The payment processor never settled the charge.');
  if (!arrived) {
    if ((await cancel()) === 'succeeded') return null;
    throw new Error('The payment processor never settled the charge; it was canceled.');
  }
  const outcome = current()!;
  return outcome.succeeded ? null : (outcome.reason ?? 'The payment failed.');
}

/** What went wrong at the bottom of a failure (an activity's failure wraps the error it ended with). */
function innermostMessage(error: unknown): string {
  let failure = error as { message?: string; cause?: unknown } | undefined;
  while (failure?.cause) failure = failure.cause as typeof failure;
  return failure?.message ?? String(error);
}
