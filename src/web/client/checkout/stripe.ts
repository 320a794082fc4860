// Production card fields: Stripe Elements, loaded from Stripe (the page's CSP allows its script and frames only then).
// The card never reaches Bursar: Stripe turns it into a confirmation token, which the confirmation sends instead.

interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement;
  submit(): Promise<{ error?: { message?: string } }>;
  update(options: Record<string, unknown>): void;
}
interface StripeClient {
  elements(options: Record<string, unknown>): StripeElements;
  createConfirmationToken(options: { elements: StripeElements; params?: Record<string, unknown> }): Promise<{
    error?: { message?: string };
    confirmationToken?: { id: string };
  }>;
}
type StripeFactory = (publishableKey: string) => StripeClient;

const STRIPE_JS = 'https://js.stripe.com/v3/';
let loading: Promise<StripeFactory> | null = null;

function loadStripe(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
    if (existing) return resolve(existing);
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Stripe's Payment Element in `target`, saving the card for later charges; `token()` gives the confirmation token's id. */
export interface StripeCard {
  token(billing: { name: string | null; email: string | null }): Promise<string>;
  destroy(): void;
}

export async function mountStripeCard(
  publishableKey: string,
  target: HTMLElement,
  options: { currency: string; locale: string },
): Promise<StripeCard> {
  const stripe = (await loadStripe())(publishableKey);
  // Bursar saves the payment method with an off-session SetupIntent and charges it itself: Elements in setup mode.
  const elements = stripe.elements({
    mode: 'setup',
    currency: options.currency.toLowerCase(),
    setupFutureUsage: 'off_session',
    locale: options.locale,
  });
  const element = elements.create('payment', { layout: 'tabs' });
  element.mount(target);
  return {
    async token(billing) {
      const submitted = await elements.submit();
      if (submitted.error) throw new Error(submitted.error.message ?? 'The card details are incomplete.');
      const result = await stripe.createConfirmationToken({
        elements,
        params: {
          payment_method_data: {
            billing_details: { name: billing.name ?? undefined, email: billing.email ?? undefined },
          },
        },
      });
      if (result.error || !result.confirmationToken)
        throw new Error(result.error?.message ?? 'The card could not be used.');
      return result.confirmationToken.id;
    },
    destroy: () => element.destroy(),
  };
}
