// A verified Stripe event: a charge Stripe reported as processing has settled, and the flow that waits for it is told;
// or a dispute's news, handed to the dispute domain.
import { checkoutWorkflowId, paymentSettledSignal, subscriptionWorkflowId } from '../../../workflows/definitions';
import { stripeEventFrom, type Settlement } from '../../adapters/payment/stripe-webhooks';
import { BadRequest, ResourceNotFound } from '../../kernel/errors';
import { isUuid } from '../../kernel/ids';
import { because } from '../../platform/cause/cause';
import { subscriptionOfOrder } from '../order';
import type { CheckoutClientDeps } from './checkout-client-deps';

/**
 * A verified Stripe event: a charge Stripe reported as processing has settled, and the flow that waits for it is
 * told — the session's workflow, or for a renewal order's charge its subscription's. An event about a session that
 * is gone, or about nothing Bursar knows, is acknowledged.
 */
export async function receiveStripeEvent(
  deps: Pick<CheckoutClientDeps, 'orm' | 'flows' | 'stripeWebhookSecret' | 'payments' | 'disputeEvents'>,
  rawBody: () => Promise<string>,
  signature: string,
): Promise<void> {
  if (!deps.stripeWebhookSecret)
    throw new ResourceNotFound('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
  const body = await rawBody();
  let event;
  try {
    event = stripeEventFrom(body, signature, deps.stripeWebhookSecret);
  } catch {
    throw new BadRequest('The Stripe signature does not match.');
  }
  if (!event) return;
  if ('dispute' in event)
    return because({ type: 'processor_event', name: `dispute ${event.dispute.status}` }, () =>
      deps.disputeEvents(event.dispute),
    );
  const { settlement } = event;
  const name = settlement.succeeded ? 'charge succeeded' : 'charge failed';
  await because({ type: 'processor_event', name }, () => settle(deps, settlement));
}

async function settle(
  deps: Pick<CheckoutClientDeps, 'orm' | 'flows' | 'payments'>,
  settlement: Settlement,
): Promise<void> {
  const { reference, ...outcome } = settlement;
  await deps.payments.settle(
    deps.orm.em.fork(),
    outcome.chargeId,
    outcome.succeeded
      ? { succeeded: true }
      : { succeeded: false, reason: 'payment_failed', message: outcome.reason ?? 'The payment failed.' },
  );
  const waiting = await settlementFlow(deps, reference);
  if (waiting) await deps.flows.signal(waiting, paymentSettledSignal, [outcome], { ignoreMissing: true });
}

/** The flow a charge's reference points at: a subscription order's subscription, or else a checkout's session. */
async function settlementFlow(deps: Pick<CheckoutClientDeps, 'orm'>, reference: string): Promise<string | null> {
  if (!isUuid(reference)) return null;
  const subscriptionId = await subscriptionOfOrder(deps.orm.em.fork(), reference);
  if (subscriptionId === undefined) return checkoutWorkflowId(reference);
  return subscriptionId ? subscriptionWorkflowId(subscriptionId) : null;
}
