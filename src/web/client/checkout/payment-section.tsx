// The payment section: the card (sandbox fields, Stripe's Payment Element, or a notice that cards are unavailable)
// and the submit button, labelled with what it does (start the trial, pay or subscribe for the total, get it free).
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { Alert, type Translate } from '../shared/ui';
import { SandboxCardFields, StripeCardFields, type CardField, type SandboxCard } from './card-fields';
import type { Errors } from './checkout-model';
import type { StripeCard } from './stripe';

export type CardMode = 'sandbox' | 'stripe' | 'unavailable';

export function PaymentSection(props: {
  t: Translate;
  checkout: CheckoutPublic;
  locale: string;
  money(amount: number): string;
  cardMode: CardMode;
  stripePublishableKey: string | null;
  stripeCard: { current: StripeCard | null };
  card: SandboxCard;
  errors: Errors;
  busy: boolean;
  processing: boolean;
  /** A live update is waiting or on its way: the total may still change. */
  updating: boolean;
  onCard(field: CardField, value: string): void;
}) {
  const { t, checkout, locale, money, cardMode, errors, busy } = props;
  return (
    <section class="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">{t('checkout.paymentHeading')}</h2>
      {!checkout.is_payment_form_required ? (
        <p class="muted">{t('checkout.noPaymentNeeded')}</p>
      ) : cardMode === 'sandbox' ? (
        <SandboxCardFields
          t={t}
          value={props.card}
          errors={{ number: errors['card.number'], expiry: errors['card.expiry'], cvc: errors['card.cvc'] }}
          disabled={busy}
          onChange={props.onCard}
        />
      ) : cardMode === 'stripe' ? (
        <StripeCardFields
          t={t}
          publishableKey={props.stripePublishableKey!}
          currency={checkout.currency}
          locale={locale}
          error={errors.card ?? null}
          controller={props.stripeCard}
        />
      ) : (
        <Alert kind="error">{t('checkout.cardUnavailable')}</Alert>
      )}
      <button
        type="submit"
        class="button button-primary wide pay-button"
        disabled={busy || props.updating}
        aria-busy={props.processing || props.updating ? true : undefined}
      >
        {props.processing
          ? t('checkout.processing')
          : props.updating
            ? t('checkout.updating')
            : submitLabel(t, checkout, money)}
      </button>
    </section>
  );
}

/** What the submit button does, with the total it charges: "Pay €15.00", "Subscribe for €9.00", "Start free trial". */
export function submitLabel(t: Translate, checkout: CheckoutPublic, money: (amount: number) => string): string {
  const trial = checkout.trial_end !== null && Boolean(checkout.product?.is_recurring);
  if (trial) return t('checkout.startTrial');
  if (checkout.total_amount <= 0) return t('checkout.getForFree');
  return t(checkout.product?.is_recurring ? 'checkout.subscribe' : 'checkout.pay', {
    amount: money(checkout.total_amount),
  });
}
