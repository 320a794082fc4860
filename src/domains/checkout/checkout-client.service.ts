// What reaches a session from outside the merchant's API: its customer, through the client secret (view, change,
// confirm — the confirmation an Update of the session's workflow), and the payment processor's settlements.
import type { CheckoutConfirm, CheckoutUpdatePublic } from '../../contracts/checkout-update';
import { inTransaction } from '../../platform/database/transaction';
import type { CheckoutClientDeps } from './checkout-client-deps';
import { receiveStripeEvent } from './receive-stripe-event';
import { sendCheckoutConfirmation } from './send-checkout-confirmation';

export class CheckoutClientService {
  constructor(private readonly deps: CheckoutClientDeps) {}

  async view(clientSecret: string) {
    const em = this.deps.orm.em.fork();
    const checkout = await this.deps.checkouts.getBySecret(em, clientSecret);
    await this.deps.checkouts.assertNotExpired(em, checkout);
    return this.deps.checkouts.publicOutput(em, checkout);
  }

  /** The customer's changes to an open session (the row locked against a confirmation). */
  async update(clientSecret: string, body: CheckoutUpdatePublic) {
    const { organizationId, id } = await this.deps.checkouts.getBySecret(this.deps.orm.em.fork(), clientSecret);
    return inTransaction(this.deps.orm, async (tx) => {
      const checkout = await this.deps.checkouts.get(tx.em, organizationId, id, true);
      await this.deps.checkouts.assertOpen(tx.em, checkout);
      return this.deps.checkouts.publicOutput(tx.em, await this.deps.checkouts.update(tx, checkout, body));
    });
  }

  /**
   * Sends the confirmation to the session's workflow, which refuses an illegal one before anything is recorded (a
   * session stored `confirmed` goes to the workflow too: only the workflow knows whether it took one).
   */
  confirm(clientSecret: string, body: CheckoutConfirm) {
    return sendCheckoutConfirmation(this.deps, clientSecret, body);
  }

  /** A verified Stripe event settles a charge; the flow waiting for it is told. */
  receiveStripeEvent(rawBody: () => Promise<string>, signature: string): Promise<void> {
    return receiveStripeEvent(this.deps, rawBody, signature);
  }
}
