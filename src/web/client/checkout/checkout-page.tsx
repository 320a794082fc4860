// The hosted checkout: the buyer's details, billing address and card, with the total kept current through the public
// client endpoints (GET/PATCH /v1/checkouts/client/{secret}); confirming there, then following the session until it
// is paid (off to `success_url`) or declined (the reason shown, the form open for another card).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { CheckoutPublic, CheckoutPublicConfirmed } from '../../../contracts/checkout';
import { AddressFields, addressBody, type AddressField } from './address-fields';
import { api, ApiError } from '../shared/api';
import type { CheckoutBoot } from '../shared/boot';
import { formatMoney } from '../shared/format';
import { Alert, Button, Field, PageFrame, translator, type Translate } from '../shared/ui';
import { EMPTY_CARD, SandboxCardFields, StripeCardFields, sandboxCardErrors, type CardField } from './card-fields';
import {
  amountOf,
  customerBody,
  customFieldBody,
  draftErrors,
  initialDraft,
  issueErrors,
  majorUnits,
  seatsOf,
  type CustomFieldValue,
  type Draft,
  type Errors,
} from './checkout-model';
import { CustomFields } from './custom-fields';
import { embedPoster, framedBy } from './embed';
import { OrderSummary } from './order-summary';
import type { StripeCard } from './stripe';

type Fatal = 'expired' | 'notOpen' | 'error';

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

function fatalOf(error: unknown): Fatal | null {
  if (!(error instanceof ApiError)) return null;
  return error.status === 410 ? 'expired' : error.status === 403 ? 'notOpen' : error.status === 404 ? 'error' : null;
}

function FatalMessage(props: { t: Translate; fatal: Fatal }) {
  const { t } = props;
  return (
    <Alert kind="error">{t(props.fatal === 'expired' ? 'checkout.expired' : props.fatal === 'notOpen' ? 'checkout.notOpen' : 'common.unexpectedError')}</Alert>
  );
}

type Phase = 'editing' | 'submitting' | 'processing' | 'done' | 'closed';
interface Notice {
  kind: 'error' | 'info' | 'success';
  text: string;
  advice?: string;
  link?: string;
  /** Moves the focus to the notice (a decline); field errors take the focus to their field instead. */
  focus?: boolean;
}

/** Where each of the form's field keys is on the page, to move the focus to the first field in error. */
function inputId(key: string): string {
  if (key.startsWith('address.')) return `billing-${key.slice(8).replace('_', '-')}`;
  if (key.startsWith('custom.')) return `custom-${key.slice(7)}`;
  if (key.startsWith('card.')) return `card-${key.slice(5)}`;
  return { billingName: 'billing-name', taxId: 'tax-id', discountCode: 'discount-code' }[key] ?? key;
}

const FIELD_ORDER = ['product', 'amount', 'seats', 'email', 'name', 'billingName', 'taxId', 'address.', 'custom.', 'card.'];
function firstErrorKey(errors: Errors): string | undefined {
  const keys = Object.keys(errors);
  for (const prefix of FIELD_ORDER) {
    const found = keys.find((key) => key === prefix || (prefix.endsWith('.') && key.startsWith(prefix)));
    if (found) return found;
  }
  return keys[0];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const cardMode = boot.environment === 'sandbox' ? 'sandbox' : boot.stripePublishableKey ? 'stripe' : 'unavailable';
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
    const amount = amountOf(draft, checkout.product_price, checkout.currency, locale, t);
    const seats = seatsOf(draft, checkout.product_price, t);
    const body = {
      ...customerBody(draft),
      ...(amount && 'amount' in amount ? { amount: amount.amount } : {}),
      ...(seats && 'seats' in seats ? { seats: seats.seats } : {}),
      ...(checkout.attached_custom_fields?.length ? { custom_field_data: customFieldBody(draft) } : {}),
      confirmation_token_id: token,
    };
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
  async function follow() {
    const started = Date.now();
    for (let polls = 0; ; polls++) {
      await sleep(polls < 20 ? 500 : 2000);
      let next: CheckoutPublic;
      try {
        next = await api<CheckoutPublic>('GET', path);
      } catch (error) {
        if (fatalOf(error) === 'expired') return refused(error);
        continue; // a network hiccup: keep following
      }
      setCheckout(next);
      if (next.status === 'succeeded') return succeeded(next);
      if (next.status === 'open') {
        const reason = next.payment_error ?? t('common.unexpectedError');
        setPhase('editing');
        setNotice(declineNotice(t, reason));
        setCard(EMPTY_CARD);
        post('payment_error', next, { reason });
        return;
      }
      if (next.status === 'failed' || next.status === 'expired') {
        setPhase('closed');
        setNotice({ kind: 'error', text: t(next.status === 'failed' ? 'checkout.paymentFailed' : 'checkout.expired') });
        return;
      }
      if (Date.now() - started > 30_000) setNotice({ kind: 'info', text: t('checkout.stillProcessing') });
    }
  }

  function succeeded(next: CheckoutPublic) {
    setPhase('done');
    post('success', next, { success_url: next.success_url });
    const embedded = framedBy(next.embed_origin) !== null;
    const sameOrigin = new URL(next.success_url, window.location.href).origin === window.location.origin;
    if (embedded && !sameOrigin) {
      // The embedding page takes the buyer on (it got `success`); a link does it too, with the buyer's click.
      setNotice({ kind: 'success', text: t('checkout.successEmbedded'), link: next.success_url });
      return;
    }
    setNotice({ kind: 'success', text: t('checkout.success') });
    window.location.assign(next.success_url);
  }

  const price = checkout.product_price;
  const busy = phase !== 'editing';
  const trial = checkout.trial_end !== null && Boolean(checkout.product?.is_recurring);
  const submitLabel = trial
    ? t('checkout.startTrial')
    : checkout.total_amount > 0
      ? t(checkout.product?.is_recurring ? 'checkout.subscribe' : 'checkout.pay', { amount: money(checkout.total_amount) })
      : t('checkout.getForFree');
  const fields = checkout.billing_address_fields;
  const addressErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('address.'))
      .map(([key, message]) => [key.slice(8), message]),
  );

  return (
    <PageFrame t={t} title={t('title.checkout')} organization={checkout.organization.name} sandbox={boot.environment === 'sandbox'}>
      {checkout.return_url && (
        <p class="back-link">
          <a href={checkout.return_url}>← {t('checkout.backTo', { organization: checkout.organization.name })}</a>
        </p>
      )}
      <form class="checkout-columns" noValidate onSubmit={submit} aria-busy={busy ? true : undefined}>
        <div class="checkout-summary-column">
          {checkout.products.length > 1 && (
            <fieldset class="card product-choice">
              <legend>{t('checkout.chooseProduct')}</legend>
              {checkout.products.map((product) => (
                <label class="checkbox" key={product.id}>
                  <input
                    type="radio"
                    name="product"
                    value={product.id}
                    checked={product.id === checkout.product_id}
                    disabled={busy}
                    onChange={() => chooseProduct(product.id)}
                  />
                  <span>{product.name}</span>
                </label>
              ))}
              {errors.product && <p class="field-error">{errors.product}</p>}
            </fieldset>
          )}
          <OrderSummary t={t} checkout={checkout} locale={locale} updating={pending > 0} />
          {(price?.amount_type === 'custom' || price?.amount_type === 'seat_based' || checkout.allow_discount_codes) && (
            <div class="card purchase-options">
              {price?.amount_type === 'custom' && (
                <Field
                  id="amount"
                  label={t('checkout.amountLabel', { currency: checkout.currency.toUpperCase() })}
                  hint={
                    price.maximum_amount === null
                      ? t('checkout.amountHint', { minimum: money(price.minimum_amount) })
                      : t('checkout.amountHintRange', { minimum: money(price.minimum_amount), maximum: money(price.maximum_amount) })
                  }
                  inputMode="decimal"
                  value={draft.amount}
                  disabled={busy}
                  error={errors.amount}
                  onInput={(event) => changeAmount(event.currentTarget.value)}
                />
              )}
              {price?.amount_type === 'seat_based' && (
                <Field
                  id="seats"
                  type="number"
                  label={t('checkout.seatsLabel')}
                  hint={checkout.price_per_seat === null ? null : t('checkout.seatsHint', { price: money(checkout.price_per_seat) })}
                  min={Math.max(1, price.seat_tiers.minimum_seats)}
                  max={price.seat_tiers.maximum_seats ?? undefined}
                  step={1}
                  value={draft.seats}
                  disabled={busy}
                  error={errors.seats}
                  onInput={(event) => changeSeats(event.currentTarget.value)}
                />
              )}
              {checkout.allow_discount_codes && checkout.is_discount_applicable && (
                <div class="discount-code">
                  <Field
                    id="discount-code"
                    label={t('checkout.discountCode')}
                    autocomplete="off"
                    value={draft.discountCode}
                    disabled={busy}
                    error={errors.discountCode}
                    onInput={(event) => change({ discountCode: event.currentTarget.value }, 'discountCode')}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        applyDiscount();
                      }
                    }}
                  />
                  <Button variant="secondary" onClick={applyDiscount} disabled={busy || !draft.discountCode.trim()}>
                    {t('checkout.applyDiscount')}
                  </Button>
                </div>
              )}
              {appliedCode && checkout.discount_id && (
                <p class="discount-applied" role="status">
                  {t('checkout.discountApplied', { code: appliedCode })}
                </p>
              )}
            </div>
          )}
        </div>

        <div class="checkout-form-column">
          <div ref={noticeRef} tabIndex={-1} class="notice">
            {notice && (
              <Alert kind={notice.kind}>
                <p>{notice.text}</p>
                {notice.advice && <p>{notice.advice}</p>}
                {notice.link && (
                  <p>
                    <a class="button" href={notice.link} target="_top">
                      {t('checkout.continue')}
                    </a>
                  </p>
                )}
              </Alert>
            )}
          </div>
          <section class="card" aria-labelledby="details-heading">
            <h2 id="details-heading">{t('checkout.detailsHeading')}</h2>
            <Field
              id="email"
              type="email"
              label={t('checkout.email')}
              hint={t('checkout.emailHint')}
              autocomplete="email"
              required
              value={draft.email}
              disabled={busy}
              error={errors.email}
              onInput={(event) => change({ email: event.currentTarget.value }, 'email')}
            />
            <Field
              id="name"
              label={t('checkout.name')}
              autocomplete="name"
              value={draft.name}
              disabled={busy}
              error={errors.name}
              onInput={(event) => change({ name: event.currentTarget.value }, 'name')}
            />
            <div class="checkbox">
              <input
                id="is-business"
                type="checkbox"
                checked={draft.isBusiness}
                disabled={busy}
                onChange={(event) => changeBusiness(event.currentTarget.checked)}
              />
              <label for="is-business">{t('checkout.business')}</label>
            </div>
            {draft.isBusiness && (
              <div class="business-fields">
                <Field
                  id="billing-name"
                  label={t('checkout.businessName')}
                  autocomplete="organization"
                  required
                  value={draft.billingName}
                  disabled={busy}
                  error={errors.billingName}
                  onInput={(event) => change({ billingName: event.currentTarget.value }, 'billingName')}
                />
                <Field
                  id="tax-id"
                  label={t('checkout.taxId')}
                  hint={t('checkout.taxIdHint')}
                  value={draft.taxId}
                  disabled={busy}
                  error={errors.taxId}
                  onInput={(event) => changeTaxId(event.currentTarget.value)}
                />
              </div>
            )}
            <AddressFields
              t={t}
              locale={locale}
              idPrefix="billing"
              value={draft.address}
              modes={fields}
              errors={addressErrors}
              onChange={changeAddress}
              onCommit={commitAddress}
            />
            <CustomFields
              t={t}
              fields={checkout.attached_custom_fields ?? []}
              values={draft.customFields}
              errors={errors}
              disabled={busy}
              onChange={(slug: string, value: CustomFieldValue) => change({ customFields: { ...draft.customFields, [slug]: value } }, `custom.${slug}`)}
            />
          </section>
          <section class="card" aria-labelledby="payment-heading">
            <h2 id="payment-heading">{t('checkout.paymentHeading')}</h2>
            {!checkout.is_payment_form_required ? (
              <p class="muted">{t('checkout.noPaymentNeeded')}</p>
            ) : cardMode === 'sandbox' ? (
              <SandboxCardFields
                t={t}
                value={card}
                errors={{ number: errors['card.number'], expiry: errors['card.expiry'], cvc: errors['card.cvc'] }}
                onChange={changeCard}
              />
            ) : cardMode === 'stripe' ? (
              <StripeCardFields
                t={t}
                publishableKey={boot.stripePublishableKey!}
                currency={checkout.currency}
                locale={locale}
                error={errors.card ?? null}
                controller={stripeCard}
              />
            ) : (
              <Alert kind="error">{t('checkout.cardUnavailable')}</Alert>
            )}
            <button type="submit" class="button button-primary wide pay-button" disabled={busy || pending > 0} aria-busy={busy ? true : undefined}>
              {phase === 'submitting' || phase === 'processing' ? t('checkout.processing') : submitLabel}
            </button>
          </section>
        </div>
      </form>
    </PageFrame>
  );
}

/** The buyer's portal session, for the confirmation page of this checkout in this tab (it reads the same key). */
function keepSessionToken(clientSecret: string, token: string): void {
  try {
    window.sessionStorage.setItem(`bursar:checkout-session:${clientSecret}`, token);
  } catch {
    // storage disabled: the confirmation page offers the portal's e-mail login instead
  }
}

function declineNotice(t: Translate, reason: string): Notice {
  return { kind: 'error', text: t('checkout.paymentDeclined', { reason }), advice: t('checkout.paymentDeclinedAdvice'), focus: true };
}
