// The hosted checkout: the buyer's details, billing address and card, with the total kept current through the public
// client endpoints (GET/PATCH /v1/checkouts/client/{secret}); confirming there, then following the session until it
// is paid (off to `success_url`) or declined (the reason shown, the form open for another card).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CheckoutPublic, CheckoutPublicConfirmed } from '../../../contracts/checkout';
import { addressBody, type AddressField } from '../shared/address-fields';
import { api, ApiError } from '../shared/api';
import type { CheckoutBoot } from '../shared/boot';
import { formatMoney } from '../shared/format';
import { PageFrame, translator, type Translate } from '../shared/ui';
import { EMPTY_CARD, sandboxCardErrors, type CardField } from './card-fields';
import { amountOf, confirmBody, draftErrors, initialDraft, issueErrors, majorUnits, seatsOf, type Draft, type Errors } from './checkout-model';
import { declineNotice, fatalOf, FatalMessage, firstErrorKey, inputId, NoticeBox, type Fatal, type Notice } from './checkout-notices';
import { CustomerDetails } from './customer-details';
import { embedPoster } from './embed';
import { followPayment, keepSessionToken, successNeedsLink } from './follow-payment';
import { OrderSummary } from './order-summary';
import { PaymentSection, type CardMode } from './payment-section';
import { ProductChoice, PurchaseOptions } from './purchase-options';
import type { StripeCard } from './stripe';

export function CheckoutPage(props: { boot: CheckoutBoot }) {
  const { boot } = props;
  const t = translator(boot.locale);
  const path = `/v1/checkouts/client/${encodeURIComponent(boot.clientSecret)}`;
  const [checkout, setCheckout] = useState<CheckoutPublic | null>(null);
  const [fatal, setFatal] = useState<Fatal | null>(null);
  useEffect(() => {
    api<CheckoutPublic>('GET', path).then(setCheckout, (error: unknown) => setFatal(fatalOf(error) ?? 'error'));
  }, [path]);
  if (!checkout || fatal) {
    return (
      <PageFrame t={t} title={t('title.checkout')} sandbox={boot.environment === 'sandbox'}>
        {fatal ? <FatalMessage t={t} fatal={fatal} /> : <p class="muted">{t('common.loading')}</p>}
      </PageFrame>
    );
  }
  return <CheckoutForm boot={boot} t={t} path={path} initial={checkout} />;
}

type Phase = 'editing' | 'submitting' | 'processing' | 'done' | 'closed';

function CheckoutForm(props: { boot: CheckoutBoot; t: Translate; path: string; initial: CheckoutPublic }) {
  const { boot, t, path, initial } = props;
  const locale = initial.locale ?? navigator.language ?? boot.locale;
  const [checkout, setCheckout] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(initial));
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(() => (initial.payment_error ? declineNotice(t, initial.payment_error) : null));
  const [phase, setPhase] = useState<Phase>('editing');
  const [pending, setPending] = useState(0);
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const post = useMemo(() => embedPoster(initial.embed_origin), [initial.embed_origin]);
  const stripeCard = useRef<StripeCard | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const noticeRef = useRef<HTMLDivElement>(null);
  const cardMode: CardMode = boot.environment === 'sandbox' ? 'sandbox' : boot.stripePublishableKey ? 'stripe' : 'unavailable';
  const money = (amount: number) => formatMoney(amount, checkout.currency, locale);

  useEffect(() => post('loaded', initial), []);
  useEffect(() => {
    if (notice?.focus) noticeRef.current?.focus();
  }, [notice]);

  const clearErrors = (...keys: string[]) =>
    setErrors((current) => (keys.some((key) => key in current) ? Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key))) : current));

  /** A refused request: field errors where the fields are, the session's end when it ended, a message otherwise. */
  function refused(error: unknown) {
    if (error instanceof ApiError && error.status === 422) {
      const mapped = issueErrors(error.issues);
      setErrors((current) => ({ ...current, ...mapped.errors }));
      if (mapped.general.length) setNotice({ kind: 'error', text: mapped.general.join(' ') });
      return mapped.errors;
    }
    const fatal = fatalOf(error);
    if (fatal === 'expired') {
      setPhase('closed');
      setNotice({ kind: 'error', text: t('checkout.expired') });
      post('expired', checkout);
    } else if (fatal === 'notOpen') {
      window.location.reload();
    } else if (error instanceof ApiError && error.status === 409) {
      setNotice({ kind: 'error', text: t('checkout.changedTryAgain') });
    } else {
      setNotice({ kind: 'error', text: error instanceof ApiError && error.status < 500 ? error.message : t('common.unexpectedError') });
    }
    return {};
  }

  /** A live change of the session (one at a time, in order); its answer carries the new amounts. */
  function update(body: Record<string, unknown>, keys: string[], then?: (next: CheckoutPublic) => void): Promise<boolean> {
    setPending((n) => n + 1);
    const run = queue.current.then(async () => {
      try {
        const next = await api<CheckoutPublic>('PATCH', path, { body });
        setCheckout(next);
        clearErrors(...keys);
        then?.(next);
        post('updated', next);
        return true;
      } catch (error) {
        refused(error);
        return false;
      } finally {
        setPending((n) => n - 1);
      }
    });
    queue.current = run;
    return run;
  }

  function later(key: string, ms: number, action: () => void) {
    clearTimeout(timers.current[key]);
    timers.current[key] = setTimeout(action, ms);
  }
  function flushTimers() {
    for (const timer of Object.values(timers.current)) clearTimeout(timer);
    timers.current = {};
  }

  const change = (patch: Partial<Draft>, ...keys: string[]) => {
    setDraft((current) => ({ ...current, ...patch }));
    clearErrors(...keys);
  };

  function changeAddress(field: AddressField, value: string) {
    const address = { ...draft.address, [field]: value, ...(field === 'country' && value !== draft.address.country ? { state: '' } : {}) };
    change({ address }, `address.${field}`, ...(field === 'country' ? ['address.state'] : []));
    // Where the buyer is decides the tax: the country and the state or province update the total at once.
    if (field === 'country' || (field === 'state' && (address.country === 'US' || address.country === 'CA'))) {
      if (address.country) void update({ customer_billing_address: addressBody(address) }, ['address.country', 'address.state']);
    }
  }

  function commitAddress(field: AddressField) {
    if (field === 'state' && draft.address.country && draft.address.state.trim()) {
      void update({ customer_billing_address: addressBody(draft.address) }, ['address.state']);
    }
  }

  function changeBusiness(isBusiness: boolean) {
    change({ isBusiness }, 'billingName', 'taxId');
    void update({ is_business_customer: isBusiness, customer_tax_id: isBusiness && draft.taxId.trim() ? draft.taxId.trim() : null }, ['billingName', 'taxId']);
  }

  function changeTaxId(taxId: string) {
    change({ taxId }, 'taxId');
    later('taxId', 600, () => void update({ customer_tax_id: taxId.trim() || null }, ['taxId']));
  }

  function changeAmount(text: string) {
    const next = { ...draft, amount: text };
    change({ amount: text }, 'amount');
    later('amount', 500, () => {
      const amount = amountOf(next, checkout.product_price, checkout.currency, locale, t);
      if (!amount) return;
      if ('error' in amount) setErrors((current) => ({ ...current, amount: amount.error }));
      else void update({ amount: amount.amount }, ['amount']);
    });
  }

  function changeSeats(text: string) {
    const next = { ...draft, seats: text };
    change({ seats: text }, 'seats');
    later('seats', 400, () => {
      const seats = seatsOf(next, checkout.product_price, t);
      if (!seats) return;
      if ('error' in seats) setErrors((current) => ({ ...current, seats: seats.error }));
      else void update({ seats: seats.seats }, ['seats']);
    });
  }

  function chooseProduct(productId: string) {
    void update({ product_id: productId }, ['product', 'amount', 'seats'], (next) =>
      setDraft((current) => ({
        ...current,
        amount: next.product_price?.amount_type === 'custom' ? majorUnits(next.amount, next.currency) : '',
        seats: next.seats === null ? '' : String(next.seats),
      })),
    );
  }

  function applyDiscount() {
    const code = draft.discountCode.trim();
    if (!code) return;
    void update({ discount_code: code }, ['discountCode'], () => {
      setAppliedCode(code);
      setDraft((current) => ({ ...current, discountCode: '' }));
    });
  }

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
    flushTimers();
    const paymentForm = checkout.is_payment_form_required;
    const found: Errors = draftErrors(draft, checkout, locale, t);
    if (paymentForm && cardMode === 'sandbox') {
      for (const [field, key] of Object.entries(sandboxCardErrors(card))) found[`card.${field}`] = t(key);
    }
    if (paymentForm && cardMode === 'unavailable') return setNotice({ kind: 'error', text: t('checkout.cardUnavailable') });
    if (Object.keys(found).length) return showErrors(found);

    setPhase('submitting');
    setNotice(null);
    await queue.current; // the live updates land first
    let token: string | null = null;
    if (paymentForm && cardMode === 'sandbox') token = card.number.replace(/\s/g, '');
    if (paymentForm && cardMode === 'stripe') {
      try {
        if (!stripeCard.current) throw new Error(t('checkout.cardLoading'));
        token = await stripeCard.current.token({ name: draft.name.trim() || null, email: draft.email.trim() || null });
      } catch (error) {
        setPhase('editing');
        setErrors((current) => ({ ...current, card: error instanceof Error ? error.message : t('common.unexpectedError') }));
        return;
      }
    }
    const body = confirmBody(draft, checkout, locale, t, token);
    try {
      const confirmed = await api<CheckoutPublicConfirmed>('POST', `${path}/confirm`, { body });
      if (confirmed.customer_session_token) keepSessionToken(boot.clientSecret, confirmed.customer_session_token);
      setCheckout(confirmed);
      setPhase('processing');
      post('confirmed', confirmed);
      void follow();
    } catch (error) {
      setPhase('editing');
      if (error instanceof ApiError && error.status === 400) {
        // The card could not be saved (the payment error): the reason goes with the card.
        setNotice(declineNotice(t, error.message));
        setErrors((current) => ({ ...current, [cardMode === 'sandbox' ? 'card.number' : 'card']: error.message }));
        return;
      }
      const fieldErrors = refused(error);
      if (Object.keys(fieldErrors).length) showErrors(fieldErrors);
      if (error instanceof ApiError && error.status === 409) void api<CheckoutPublic>('GET', path).then(setCheckout, () => undefined);
    }
  }

  /** After the confirmation: the session until it is paid, declined (open again) or failed. */
  function follow() {
    return followPayment(path, {
      seen: setCheckout,
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
    });
  }

  function succeeded(next: CheckoutPublic) {
    setPhase('done');
    post('success', next, { success_url: next.success_url });
    if (successNeedsLink(next)) {
      // The embedding page takes the buyer on (it got `success`); a link does it too, with the buyer's click.
      setNotice({ kind: 'success', text: t('checkout.successEmbedded'), link: next.success_url });
      return;
    }
    setNotice({ kind: 'success', text: t('checkout.success') });
    window.location.assign(next.success_url);
  }

  const busy = phase !== 'editing';
  const shared = { t, checkout, draft, errors, busy };

  return (
    <PageFrame t={t} title={t('title.checkout')} organization={checkout.organization.name} sandbox={boot.environment === 'sandbox'}>
      {checkout.return_url && (
        <p class="back-link">
          <a href={checkout.return_url}>← {t('checkout.backTo', { organization: checkout.organization.name })}</a>
        </p>
      )}
      <form class="checkout-columns" noValidate onSubmit={submit} aria-busy={busy ? true : undefined}>
        <div class="checkout-summary-column">
          <ProductChoice t={t} checkout={checkout} error={errors.product} busy={busy} onChoose={chooseProduct} />
          <OrderSummary t={t} checkout={checkout} locale={locale} updating={pending > 0} />
          <PurchaseOptions
            {...shared}
            money={money}
            appliedCode={appliedCode}
            onAmount={changeAmount}
            onSeats={changeSeats}
            onDiscountCode={(discountCode) => change({ discountCode }, 'discountCode')}
            onApplyDiscount={applyDiscount}
          />
        </div>

        <div class="checkout-form-column">
          <NoticeBox t={t} notice={notice} boxRef={noticeRef} />
          <CustomerDetails
            {...shared}
            locale={locale}
            onChange={change}
            onBusiness={changeBusiness}
            onTaxId={changeTaxId}
            onAddress={changeAddress}
            onCommitAddress={commitAddress}
          />
          <PaymentSection
            {...shared}
            locale={locale}
            money={money}
            cardMode={cardMode}
            stripePublishableKey={boot.stripePublishableKey}
            stripeCard={stripeCard}
            card={card}
            processing={phase === 'submitting' || phase === 'processing'}
            updating={pending > 0}
            onCard={changeCard}
          />
        </div>
      </form>
    </PageFrame>
  );
}
