// A customer's confirmation sent to the session's workflow as an Update, answered with the confirmed session and the
// buyer's customer portal session when one may be opened.
import type { EntityManager } from '@mikro-orm/postgresql';
import { checkoutWorkflowId, confirmCheckoutUpdate } from '../../../workflows/definitions';
import type { CheckoutConfirm } from '../../contracts/checkout-update';
import type { Checkout } from './checkout.entity';
import { CHECKOUT_ERRORS } from './checkout.errors';
import type { CheckoutClientDeps } from './checkout-client-deps';

/**
 * Sends the confirmation to the session's workflow, which refuses an illegal one before anything is recorded. A
 * session stored `confirmed` goes to the workflow too: a confirmation step can commit in a workflow task that is then
 * lost (the worker and Temporal restarted before it was recorded), and only the workflow knows whether it took one.
 */
export async function sendCheckoutConfirmation(deps: CheckoutClientDeps, clientSecret: string, body: CheckoutConfirm) {
  const checkout = await deps.checkouts.getBySecret(deps.orm.em.fork(), clientSecret);
  if (checkout.status !== 'confirmed') await deps.checkouts.assertOpen(deps.orm.em.fork(), checkout);
  await deps.flows.update(checkoutWorkflowId(checkout.id), confirmCheckoutUpdate, [body], {
    errors: CHECKOUT_ERRORS,
    notStarted: 'This checkout is still being set up; try again in a moment.',
  });
  const em = deps.orm.em.fork();
  const confirmed = await deps.checkouts.get(em, checkout.organizationId, checkout.id);
  return {
    ...(await deps.checkouts.publicOutput(em, confirmed)),
    status: 'confirmed' as const,
    customer_session_token: await buyerSessionToken(deps, em, confirmed),
  };
}

/** The buyer's customer portal session, when the confirmation may open one (see `Checkout.customerSessionAllowed`). */
async function buyerSessionToken(
  deps: CheckoutClientDeps,
  em: EntityManager,
  checkout: Checkout,
): Promise<string | null> {
  if (!checkout.customerId || !checkout.customerSessionAllowed) return null;
  const customer = await deps.customers.find(em, checkout.organizationId, checkout.customerId);
  return customer && (await deps.customerSessions.open(em, customer)).token;
}
