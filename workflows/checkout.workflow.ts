// One checkout session (`checkout:<id>`): waits for confirmation until it expires; after a confirmation, charges,
// and either completes (order written) or, on a decline, reopens for another attempt.
import { ApplicationFailure, defineQuery, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { CheckoutConfirm } from '../src/contracts/checkout';
import { CHECKOUT_ACTIVITY } from '../temporal.config';
import { waitUntil } from './time';

export interface CheckoutInput {
  checkoutId: string;
  expiresAt: string;
}

export const confirmCheckoutUpdate = defineUpdate<void, [CheckoutConfirm]>('confirm');
export const checkoutStateQuery = defineQuery<string>('state');

const { confirmCheckout, chargeCheckout, reopenCheckout, completeCheckout, expireCheckout, failCheckout } = proxyActivities<Activities>(CHECKOUT_ACTIVITY);

export async function checkoutSession({ checkoutId, expiresAt }: CheckoutInput): Promise<'succeeded' | 'expired' | 'failed'> {
  let state = 'open' as 'open' | 'confirming' | 'confirmed';
  let confirmations = 0;
  setHandler(checkoutStateQuery, () => state);
  setHandler(
    confirmCheckoutUpdate,
    async (body) => {
      state = 'confirming';
      const attempt = ++confirmations;
      try {
        await confirmCheckout(checkoutId, body, attempt);
        state = 'confirmed';
      } catch (error) {
        state = 'open';
        throw businessFailure(error);
      }
    },
    {
      // Synchronous, so an illegal confirmation is refused before anything is recorded.
      validator: (_body: CheckoutConfirm) => {
        if (state !== 'open') throw ApplicationFailure.nonRetryable('This checkout is not open.', 'NotOpenCheckout');
        if (Date.now() >= Date.parse(expiresAt)) throw ApplicationFailure.nonRetryable('This checkout has expired.', 'ExpiredCheckoutError');
      },
    },
  );

  for (;;) {
    const confirmed = await waitUntil(new Date(expiresAt), () => state === 'confirmed');
    if (!confirmed) {
      if (state === 'confirming') continue; // a confirmation is in flight: let it finish
      await expireCheckout(checkoutId);
      return 'expired';
    }
    try {
      const outcome = await chargeCheckout(checkoutId, confirmations);
      if ('declined' in outcome) {
        await reopenCheckout(checkoutId, outcome.declined);
        state = 'open';
        continue;
      }
      await completeCheckout(checkoutId, outcome.chargeId);
      return 'succeeded';
    } catch (error) {
      // Retries ran out on a technical error: the session cannot go on (`failed`); the workflow's history says why.
      await failCheckout(checkoutId, error instanceof Error ? error.message : String(error));
      return 'failed';
    }
  }
}

/** The business error an activity raised, as the Update's failure (the API turns its type into the HTTP answer). */
function businessFailure(error: unknown): ApplicationFailure {
  let cause = error as { cause?: unknown } | undefined;
  while (cause && !(cause instanceof ApplicationFailure)) cause = cause.cause as typeof cause;
  if (cause instanceof ApplicationFailure) return ApplicationFailure.create({ message: cause.message, type: cause.type ?? undefined, details: cause.details as unknown[], nonRetryable: true });
  return ApplicationFailure.create({ message: 'The confirmation failed.', type: 'ConfirmationFailed', nonRetryable: true });
}
