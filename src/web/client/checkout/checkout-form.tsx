// The checkout form: the buyer's details, billing address and card, with the total kept current through the public
// client endpoint (PATCH /v1/checkouts/client/{secret}); confirming there once every change has landed and the total
// is still the one the buyer saw, then following the session until it is paid (off to `success_url`) or declined (the
// reason shown, the form open for another card).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CheckoutPublic, CheckoutPublicConfirmed } from '../../../contracts/checkout';
import { api, ApiError } from '../shared/api';
import type { CheckoutBoot } from '../shared/boot';
import { formatMoney } from '../shared/format';
import { safeHttpUrl } from '../shared/safe-url';
import { PageFrame, type Translate } from '../shared/ui';
import { EMPTY_CARD, sandboxCardErrors, type CardField } from './card-fields';
import { confirmBody, draftErrors, initialDraft, issueErrors, type Draft, type Errors } from './checkout-model';
import { declineNotice, fatalOf, firstErrorKey, inputId, NoticeBox, type Notice } from './checkout-notices';
import { CustomerDetails } from './customer-details';
import { embedPoster } from './embed';
import { rememberCheckoutSession } from '../shared/checkout-session';
import { followPayment, successNeedsLink } from './follow-payment';
import { OrderSummary } from './order-summary';
import { PaymentSection, submitLabel, type CardMode } from './payment-section';
import { ProductChoice, PurchaseOptions } from './purchase-options';
import type { StripeCard } from './stripe';
import { useDraftChanges } from './use-draft-changes';
import { useUpdateQueue } from './use-update-queue';

type Phase = 'editing' | 'submitting' | 'processing' | 'done' | 'closed';

export function CheckoutForm(props: { boot: CheckoutBoot; t: Translate; path: string; initial: CheckoutPublic }) {
  const { boot, t, path, initial } = props;
  // One rule for every amount and date on the page: the checkout's locale when it has one, else the page's.
  const locale = initial.locale || boot.locale;
  const [checkout, setCheckout] = useState(initial);
  const latest = useRef(initial);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(initial));
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(() =>
    initial.payment_error ? declineNotice(t, initial.payment_error) : null,
  );
  const [phase, setPhase] = useState<Phase>('editing');
  const post = useMemo(() => embedPoster(initial.embed_origin), [initial.embed_origin]);
  const updates = useUpdateQueue();
  const stripeCard = useRef<StripeCard | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const cardMode: CardMode =
    boot.environment === 'sandbox' ? 'sandbox' : boot.stripePublishableKey ? 'stripe' : 'unavailable';
  const cardKey = { sandbox: 'card.number', stripe: 'card', unavailable: null }[cardMode];
  const money = (amount: number) => formatMoney(amount, checkout.currency, locale);

  useEffect(() => post('loaded', initial), []);
  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);

  function show(next: CheckoutPublic) {
    latest.current = next;
    setCheckout(next);
  }

  const clearErrors = (...keys: string[]) =>
    setErrors((current) =>
      keys.some((key) => key in current)
        ? Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key)))
        : current,
    );

  /** A refused request: field errors where the fields are, the session's end when it ended, a message otherwise. */
  function refused(error: unknown): Errors {
    if (error instanceof ApiError && error.status === 422) {
      const mapped = issueErrors(error.issues, cardKey);
      setErrors((current) => ({ ...current, ...mapped.errors }));
      if (mapped.general.length) setNotice({ kind: 'error', text: mapped.general.join(' ') });
      return mapped.errors;
    }
    const fatal = fatalOf(error);
    if (fatal === 'expired') {
      setPhase('closed');
      setNotice({ kind: 'error', text: t('checkout.expired') });
      post('expired', latest.current);
    } else if (fatal === 'notOpen') {
      window.location.reload();
    } else if (error instanceof ApiError && error.status === 409) {
      setNotice({ kind: 'error', text: t('checkout.changedTryAgain') });
    } else {
      setNotice({
        kind: 'error',
        text: error instanceof ApiError && error.status < 500 ? error.message : t('common.unexpectedError'),
      });
    }
    return {};
  }

  /** A live change of the session, queued after the others; its answer carries the new amounts. */
  function update(
    body: Record<string, unknown>,
    keys: string[],
    then?: (next: CheckoutPublic) => void,
  ): Promise<boolean> {
    return updates.enqueue(async () => {
      try {
        const next = await api<CheckoutPublic>('PATCH', path, { body });
        show(next);
        clearErrors(...keys);
        then?.(next);
        post('updated', next);
        return true;
      } catch (error) {
        refused(error);
        return false;
      }
    });
  }

  const edits = useDraftChanges({
    t,
    checkout,
    draft,
    locale,
    setDraft,
    setErrors,
    clearErrors,
    update,
    later: updates.later,
  });

  function changeCard(field: CardField, value: string) {
    setCard((current) => ({ ...current, [field]: value }));
    clearErrors(`card.${field}`);
  }

  function showErrors(found: Errors) {
    setErrors(found);
    setNotice({ kind: 'error', text: t('checkout.fixErrors') });
    const first = firstErrorKey(found);
    if (first) setTimeout(() => document.getElementById(inputId(first))?.focus(), 0);
  }

  async function submit(event: Event) {
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
      void follow();
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
  }

  /** After the confirmation: the session until it is paid, declined (open again) or failed, for two minutes at most. */
  function follow() {
    return followPayment(path, {
      seen: show,
      succeeded,
      declined(next) {
        const reason = next.payment_error ?? t('common.unexpectedError');
        setPhase('editing');
        setNotice(declineNotice(t, reason));
        setCard(EMPTY_CARD);
        post('payment_error', next, { reason });
      },
      ended(status) {
        setPhase('closed');
        setNotice({ kind: 'error', text: t(status === 'failed' ? 'checkout.paymentFailed' : 'checkout.expired') });
      },
      expired: refused,
      slow: () => setNotice({ kind: 'info', text: t('checkout.stillProcessing') }),
      gaveUp() {
        // The form stays closed: the payment may still go through, and must not be made twice.
        setPhase('closed');
        setNotice({ kind: 'info', text: t('checkout.processingTimedOut'), focus: true });
      },
    });
  }

  function succeeded(next: CheckoutPublic) {
    setPhase('done');
    post('success', next, { success_url: next.success_url });
    const successUrl = safeHttpUrl(next.success_url);
    if (!successUrl || successNeedsLink(next, successUrl)) {
      // The embedding page takes the buyer on (it got `success`); a link does it too, with the buyer's click.
      setNotice({ kind: 'success', text: t('checkout.successEmbedded'), link: successUrl });
      return;
    }
    setNotice({ kind: 'success', text: t('checkout.success') });
    window.location.assign(successUrl);
  }

  const busy = phase !== 'editing';
  const paying = phase === 'submitting' || phase === 'processing';
  const shared = { t, checkout, draft, errors, busy };
  const returnUrl = safeHttpUrl(checkout.return_url);

  return (
    <PageFrame
      t={t}
      title={t('title.checkout')}
      organization={checkout.organization.name}
      sandbox={boot.environment === 'sandbox'}
    >
      {returnUrl && (
        <p class="back-link">
          <a href={returnUrl}>← {t('checkout.backTo', { organization: checkout.organization.name })}</a>
        </p>
      )}
      <NoticeBox t={t} notice={notice} boxRef={noticeRef} />
      <form class="checkout-columns" noValidate onSubmit={submit} aria-busy={paying ? true : undefined}>
        <div class="checkout-summary-column">
          <ProductChoice t={t} checkout={checkout} error={errors.product} busy={busy} onChoose={edits.chooseProduct} />
          <OrderSummary
            t={t}
            checkout={checkout}
            locale={locale}
            sellerCountry={boot.sellerCountry}
            updating={updates.pending}
          />
          <PurchaseOptions
            {...shared}
            money={money}
            appliedCode={edits.appliedCode}
            onAmount={edits.changeAmount}
            onSeats={edits.changeSeats}
            onDiscountCode={(discountCode) => edits.change({ discountCode }, 'discountCode')}
            onApplyDiscount={edits.applyDiscount}
          />
        </div>

        <div class="checkout-form-column">
          <CustomerDetails
            {...shared}
            locale={locale}
            onChange={edits.change}
            onBusiness={edits.changeBusiness}
            onTaxId={edits.changeTaxId}
            onAddress={edits.changeAddress}
            onCommitAddress={edits.commitAddress}
          />
          <PaymentSection
            {...shared}
            locale={locale}
            money={money}
            cardMode={cardMode}
            stripePublishableKey={boot.stripePublishableKey}
            stripeCard={stripeCard}
            card={card}
            processing={paying}
            updating={updates.pending}
            onCard={changeCard}
          />
        </div>
      </form>
    </PageFrame>
  );
}
