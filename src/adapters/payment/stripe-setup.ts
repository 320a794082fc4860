// Setting a method up for later off-session charges with a Stripe SetupIntent: saved when Stripe confirms it at once,
// the intent's client secret when the customer must authenticate (Stripe.js completes it), a decline otherwise.
import type Stripe from 'stripe';
import { PaymentDeclined, type SavedPaymentMethod, type SetupOutcome } from './payment-processor';
import { declines } from './stripe-declines';

export function savedMethodOf(method: Stripe.PaymentMethod): SavedPaymentMethod {
  return {
    token: method.id,
    type: method.type,
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    fingerprint: method.card?.fingerprint ?? method.id,
    expMonth: method.card?.exp_month,
    expYear: method.card?.exp_year,
  };
}

export async function setupWithStripe(
  stripe: Stripe,
  input: { customerId: string; confirmationToken: string; returnUrl: string; idempotencyKey: string },
): Promise<SetupOutcome> {
  const token = input.confirmationToken;
  const intent = await declines(() =>
    stripe.setupIntents.create(
      {
        customer: input.customerId,
        confirm: true,
        usage: 'off_session',
        return_url: input.returnUrl,
        ...(token.startsWith('pm_') ? { payment_method: token } : { confirmation_token: token }),
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  );
  return outcomeOf(stripe, intent);
}

export async function confirmSetupWithStripe(
  stripe: Stripe,
  input: { customerId: string; setupIntentId: string },
): Promise<SetupOutcome | null> {
  const intent = await stripe.setupIntents.retrieve(input.setupIntentId).catch((error: { statusCode?: number }) => {
    if (error.statusCode === 404) return null;
    throw error;
  });
  const customer = typeof intent?.customer === 'string' ? intent.customer : intent?.customer?.id;
  if (!intent || customer !== input.customerId) return null;
  return outcomeOf(stripe, intent);
}

async function outcomeOf(stripe: Stripe, intent: Stripe.SetupIntent): Promise<SetupOutcome> {
  if (intent.status === 'requires_action' && intent.client_secret) {
    return { status: 'requires_action', setupIntentId: intent.id, clientSecret: intent.client_secret };
  }
  const id = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (intent.status !== 'succeeded' || !id) {
    const reason = intent.last_setup_error?.message ?? `The SetupIntent is ${intent.status}.`;
    throw new PaymentDeclined('card_declined', `The payment method could not be set up: ${reason}`);
  }
  return { status: 'succeeded', method: savedMethodOf(await stripe.paymentMethods.retrieve(id)) };
}
