// What the service that answers a session's customer and the payment processor is built from.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DisputeEvent } from '../../adapters/payment/stripe-webhooks';
import type { FlowClient } from '../../platform/temporal/flow-client';
import type { CustomerService } from '../customer';
import type { CustomerSessionService } from '../customer-session';
import type { PaymentCharger } from '../payment';
import type { CheckoutService } from './checkout.service';

export interface CheckoutClientDeps {
  orm: MikroORM;
  flows: FlowClient;
  checkouts: CheckoutService;
  customers: CustomerService;
  /** Opens the buyer's customer portal session when a confirmation may (see `Checkout.customerSessionAllowed`). */
  customerSessions: CustomerSessionService;
  /** A charge the processor settles later settles its payment too. */
  payments: PaymentCharger;
  /** Stripe's dispute events, for the dispute domain (which lists itself as `processorDisputeEvents`). */
  disputeEvents: (event: DisputeEvent) => Promise<void>;
  /** Verifies the events Stripe posts (unset: Stripe webhooks are not configured). */
  stripeWebhookSecret?: string;
}
