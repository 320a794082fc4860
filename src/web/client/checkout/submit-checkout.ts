// The buyer pressing pay: the waiting changes sent first, the total checked against the one the buyer saw, the fields
// and the card checked, the card tokenized, then the confirmation (POST …/confirm) and the session followed.
import type { RefObject } from 'preact';
import type { CheckoutPublic, CheckoutPublicConfirmed } from '../../../contracts/checkout-public';
import { api, ApiError } from '../shared/api';
import type { CheckoutBoot } from '../shared/boot';
import { rememberCheckoutSession } from '../shared/checkout-session';
import { formatMoney } from '../shared/format';
import type { Translate } from '../shared/ui';
import { sandboxCardErrors, type SandboxCard } from './card-fields';
import { confirmBody, draftErrors, type Draft, type Errors } from './checkout-model';
import { declineNotice, firstErrorKey, inputId } from './checkout-notices';
import { followConfirmed } from './follow-confirmed';
import { submitLabel, type CardMode } from './payment-section';
import type { StripeCard } from './stripe';
import type { CheckoutSession } from './use-checkout-session';

export interface SubmitDeps {
  t: Translate;
  boot: CheckoutBoot;
  path: string;
  locale: string;
  session: CheckoutSession;
  draft: Draft;
  card: SandboxCard;
  cardMode: CardMode;
  cardKey: string | null;
  stripeCard: RefObject<StripeCard | null>;
  clearCard(): void;
}

/** The form's submit handler, as of this render. */
export function checkoutSubmit(deps: SubmitDeps) {
  const { t, boot, path, locale, session, draft, card, cardMode, cardKey, stripeCard } = deps;
  const { checkout, latest, show, setErrors, setNotice, phase, setPhase, post, updates, refused } = session;

  function showErrors(found: Errors) {
    setErrors(found);
    setNotice({ kind: 'error', text: t('checkout.fixErrors') });
    const first = firstErrorKey(found);
    if (first) setTimeout(() => document.getElementById(inputId(first))?.focus(), 0);
  }

  return async function submit(event: Event) {
    event.preventDefault();
    if (phase !== 'editing') return;
    const shownTotal = checkout.total_amount; // what the button and the summary showed when the buyer pressed it
    const paymentForm = checkout.is_payment_form_required;
    if (paymentForm && cardMode === 'unavailable')
      return setNotice({ kind: 'error', text: t('checkout.cardUnavailable') });

    setPhase('submitting');
    setNotice(null);
    // The changes still waiting for the buyer to stop typing go now; the confirmation comes after all of them.
    const landed = await updates.settle();
    const current = latest.current;
    if (!landed) return setPhase('editing');
    if (current.total_amount !== shownTotal) {
      setPhase('editing');
      const button = submitLabel(t, current, (amount) => formatMoney(amount, current.currency, locale));
      return setNotice({
        kind: 'info',
        text: t('checkout.totalChanged', {
          total: formatMoney(current.total_amount, current.currency, locale),
          button,
        }),
        focus: true,
      });
    }
    const found: Errors = draftErrors(draft, current, locale, t);
    if (current.is_payment_form_required && cardMode === 'sandbox') {
      for (const [field, key] of Object.entries(sandboxCardErrors(card))) found[`card.${field}`] = t(key);
    }
    if (Object.keys(found).length) {
      setPhase('editing');
      return showErrors(found);
    }

    let token: string | null = null;
    if (current.is_payment_form_required && cardMode === 'sandbox') token = card.number.replace(/\s/g, '');
    if (current.is_payment_form_required && cardMode === 'stripe') {
      try {
        if (!stripeCard.current) throw new Error(t('checkout.cardLoading'));
        token = await stripeCard.current.token({ name: draft.name.trim() || null, email: draft.email.trim() || null });
      } catch (error) {
        setPhase('editing');
        setErrors((errors) => ({
          ...errors,
          card: error instanceof Error ? error.message : t('common.unexpectedError'),
        }));
        return;
      }
    }
    try {
      const confirmed = await api<CheckoutPublicConfirmed>('POST', `${path}/confirm`, {
        body: confirmBody(draft, current, locale, t, token),
      });
      if (confirmed.customer_session_token)
        rememberCheckoutSession(boot.clientSecret, confirmed.customer_session_token);
      show(confirmed);
      setPhase('processing');
      post('confirmed', confirmed);
      void followConfirmed({ t, path, session, clearCard: deps.clearCard });
    } catch (error) {
      setPhase('editing');
      if (error instanceof ApiError && error.status === 400) {
        // The card could not be saved (the payment error): the reason goes with the card.
        setNotice(declineNotice(t, error.message));
        if (cardKey) setErrors((errors) => ({ ...errors, [cardKey]: error.message }));
        return;
      }
      const fieldErrors = refused(error);
      if (Object.keys(fieldErrors).length) showErrors(fieldErrors);
      if (error instanceof ApiError && error.status === 409)
        void api<CheckoutPublic>('GET', path).then(show, () => undefined);
    }
  };
}
