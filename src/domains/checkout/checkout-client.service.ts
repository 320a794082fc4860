// What reaches a session from outside the merchant's API: its customer, through the client secret (view, change,
// confirm — the confirmation an Update of the session's workflow), and the payment processor's settlements.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  checkoutWorkflowId,
  confirmCheckoutUpdate,
  paymentSettledSignal,
  subscriptionWorkflowId,
} from '../../../workflows/definitions';
import { settlementFrom } from '../../adapters/payment/stripe-webhooks';
import type { CheckoutConfirm, CheckoutUpdatePublic } from '../../contracts/checkout-update';
import { BadRequest, ResourceNotFound } from '../../kernel/errors';
import { isUuid } from '../../kernel/ids';
import { inTransaction } from '../../platform/database/transaction';
import type { FlowClient } from '../../platform/temporal/flow-client';
import { subscriptionOfOrder } from '../order';
import type { CustomerService } from '../customer';
import type { CustomerSessionService } from '../customer-session';
import type { Checkout } from './checkout.entity';
import { CHECKOUT_ERRORS } from './checkout.errors';
import type { CheckoutService } from './checkout.service';

export interface CheckoutClientDeps {
  orm: MikroORM;
  flows: FlowClient;
  checkouts: CheckoutService;
  customers: CustomerService;
  /** Opens the buyer's customer portal session when a confirmation may (see `Checkout.customerSessionAllowed`). */
  customerSessions: CustomerSessionService;
  /** Verifies the events Stripe posts (unset: Stripe webhooks are not configured). */
  stripeWebhookSecret?: string;
}

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
   * Sends the confirmation to the session's workflow, which refuses an illegal one before anything is recorded. A
   * session stored `confirmed` goes to the workflow too: a confirmation step can commit in a workflow task that is then
   * lost (the worker and Temporal restarted before it was recorded), and only the workflow knows whether it took one.
   */
  async confirm(clientSecret: string, body: CheckoutConfirm) {
    const checkout = await this.deps.checkouts.getBySecret(this.deps.orm.em.fork(), clientSecret);
    if (checkout.status !== 'confirmed') await this.deps.checkouts.assertOpen(this.deps.orm.em.fork(), checkout);
    await this.deps.flows.update(checkoutWorkflowId(checkout.id), confirmCheckoutUpdate, [body], {
      errors: CHECKOUT_ERRORS,
      notStarted: 'This checkout is still being set up; try again in a moment.',
    });
    const em = this.deps.orm.em.fork();
    const confirmed = await this.deps.checkouts.get(em, checkout.organizationId, checkout.id);
    return {
      ...(await this.deps.checkouts.publicOutput(em, confirmed)),
      status: 'confirmed' as const,
      customer_session_token: await this.buyerSessionToken(em, confirmed),
    };
  }

  private async buyerSessionToken(em: EntityManager, checkout: Checkout): Promise<string | null> {
    if (!checkout.customerId || !checkout.customerSessionAllowed) return null;
    const customer = await this.deps.customers.find(em, checkout.organizationId, checkout.customerId);
    return customer && (await this.deps.customerSessions.open(em, customer)).token;
  }

  /**
   * A verified Stripe event: a charge Stripe reported as processing has settled, and the flow that waits for it is
   * told — the session's workflow, or for a renewal order's charge its subscription's. An event about a session that
   * is gone, or about nothing Bursar knows, is acknowledged.
   */
  async receiveStripeEvent(rawBody: () => Promise<string>, signature: string): Promise<void> {
    if (!this.deps.stripeWebhookSecret)
      throw new ResourceNotFound('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
    const body = await rawBody();
    let settlement;
    try {
      settlement = settlementFrom(body, signature, this.deps.stripeWebhookSecret);
    } catch {
      throw new BadRequest('The Stripe signature does not match.');
    }
    if (!settlement) return;
    const { reference, ...outcome } = settlement;
    const waiting = await this.settlementFlow(reference);
    if (waiting) await this.deps.flows.signal(waiting, paymentSettledSignal, [outcome], { ignoreMissing: true });
  }

  /** The flow a charge's reference points at: a subscription order's subscription, or else a checkout's session. */
  private async settlementFlow(reference: string): Promise<string | null> {
    if (!isUuid(reference)) return null;
    const subscriptionId = await subscriptionOfOrder(this.deps.orm.em.fork(), reference);
    if (subscriptionId === undefined) return checkoutWorkflowId(reference);
    return subscriptionId ? subscriptionWorkflowId(subscriptionId) : null;
  }
}
