// The production payment processor: Stripe through its official SDK. Every call carries Bursar's idempotency key as
// Stripe's, so a retried activity never charges twice. Tested against stripe-mock.
import Stripe from 'stripe';
import {
  PaymentDeclined,
  type ChargeRequest,
  type PaymentMethodDetails,
  type PaymentProcessor,
  type SavedPaymentMethod,
  type SetupOutcome,
} from './payment-processor';
import { confirmSetupWithStripe, savedMethodOf, setupWithStripe } from './stripe-setup';
import { chargeWithStripe } from './stripe-charge';
import { declines } from './stripe-declines';
import { refundStatusOf, refundWithStripe } from './stripe-refund';

export interface StripeOptions {
  secretKey: string;
  /** stripe-mock or a proxy; the real API otherwise. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export class StripePaymentProcessor implements PaymentProcessor {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(options: StripeOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 2,
    });
  }

  async createCustomer(input: {
    email: string;
    name?: string | null;
    idempotencyKey: string;
  }): Promise<{ customerId: string }> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name ?? undefined },
      { idempotencyKey: input.idempotencyKey },
    );
    return { customerId: customer.id };
  }

  /** A `pm_…` token is attached to the customer; a confirmation token goes through an off-session SetupIntent. */
  async savePaymentMethod(input: {
    customerId: string;
    confirmationToken: string;
    idempotencyKey: string;
  }): Promise<SavedPaymentMethod> {
    const method = await declines(async () => {
      if (input.confirmationToken.startsWith('pm_')) {
        return this.stripe.paymentMethods.attach(
          input.confirmationToken,
          { customer: input.customerId },
          { idempotencyKey: input.idempotencyKey },
        );
      }
      const intent = await this.stripe.setupIntents.create(
        {
          customer: input.customerId,
          confirm: true,
          usage: 'off_session',
          confirmation_token: input.confirmationToken,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const id = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
      if (!id) throw new PaymentDeclined('card_declined', 'The payment method could not be saved.');
      return this.stripe.paymentMethods.retrieve(id);
    });
    return savedMethodOf(method);
  }

  setupPaymentMethod(input: {
    customerId: string;
    confirmationToken: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<SetupOutcome> {
    return setupWithStripe(this.stripe, input);
  }

  confirmSetup(input: { customerId: string; setupIntentId: string }): Promise<SetupOutcome | null> {
    return confirmSetupWithStripe(this.stripe, input);
  }

  charge(input: ChargeRequest): Promise<{ chargeId: string; pending?: boolean }> {
    return chargeWithStripe(this.stripe, input);
  }

  /** A method Stripe does not know (removed since) is described as unknown, not an error: the charge will say. */
  async describePaymentMethod(input: { paymentMethod: string }): Promise<PaymentMethodDetails | null> {
    try {
      const method = await this.stripe.paymentMethods.retrieve(input.paymentMethod);
      return { type: method.type, brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  /**
   * Cancels an intent still processing. Stripe refuses to cancel one it can no longer cancel: its state then says
   * whether it succeeded meanwhile or failed (no money moved: as good as canceled); one still processing is retried.
   */
  async cancelCharge(input: { chargeId: string; idempotencyKey: string }): Promise<'canceled' | 'succeeded'> {
    try {
      await this.stripe.paymentIntents.cancel(input.chargeId, {}, { idempotencyKey: input.idempotencyKey });
      return 'canceled';
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const intent = await this.stripe.paymentIntents.retrieve(input.chargeId);
      if (intent.status === 'succeeded') return 'succeeded';
      if (intent.status === 'canceled' || intent.status === 'requires_payment_method') return 'canceled';
      throw new Error(`The PaymentIntent ${intent.id} is ${intent.status} and cannot be canceled yet.`);
    }
  }

  /** Closing a dispute concedes it; one already closed is left as it is. */
  async closeDispute(input: { disputeId: string; idempotencyKey: string }): Promise<void> {
    try {
      await this.stripe.disputes.close(input.disputeId, {}, { idempotencyKey: input.idempotencyKey });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const dispute = await this.stripe.disputes.retrieve(input.disputeId);
      if (dispute.status !== 'lost' && dispute.status !== 'won') throw error;
    }
  }

  /** A verified Stripe webhook event (throws when the signature does not match). */
  verifyEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
  }

  /** Charges settled later are known by their PaymentIntent (`pi_…`); a refund Stripe refuses is RefundDeclined. */
  async refundStatus(refundId: string): Promise<'pending' | 'succeeded' | 'failed'> {
    return refundStatusOf((await this.stripe.refunds.retrieve(refundId)).status);
  }

  refund(input: {
    chargeId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string; pending?: boolean }> {
    return refundWithStripe(this.stripe, input);
  }
}
