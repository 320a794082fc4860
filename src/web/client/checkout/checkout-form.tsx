// The checkout form: the buyer's details, billing address and card, with the total kept current through the public
// client endpoint (PATCH /v1/checkouts/client/{secret}, use-checkout-session.ts); confirming there once every change
// has landed and the total is still the one the buyer saw (submit-checkout.ts), then following the session until it
// is paid (off to `success_url`) or declined (the reason shown, the form open for another card: follow-confirmed.ts).
import { useRef, useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import type { CheckoutBoot } from '../shared/boot';
import { formatMoney } from '../shared/format';
import { safeHttpUrl } from '../shared/safe-url';
import { PageFrame, type Translate } from '../shared/ui';
import { EMPTY_CARD, type CardField } from './card-fields';
import { initialDraft, type Draft } from './checkout-model';
import { NoticeBox } from './checkout-notices';
import { CustomerDetails } from './customer-details';
import { OrderSummary } from './order-summary';
import { PaymentSection, type CardMode } from './payment-section';
import { ProductChoice, PurchaseOptions } from './purchase-options';
import type { StripeCard } from './stripe';
import { checkoutSubmit } from './submit-checkout';
import { useCheckoutSession } from './use-checkout-session';
import { useDraftChanges } from './use-draft-changes';

export function CheckoutForm(props: { boot: CheckoutBoot; t: Translate; path: string; initial: CheckoutPublic }) {
  const { boot, t, path, initial } = props;
  // One rule for every amount and date on the page: the checkout's locale when it has one, else the page's.
  const locale = initial.locale || boot.locale;
  const [draft, setDraft] = useState<Draft>(() => initialDraft(initial));
  const [card, setCard] = useState(EMPTY_CARD);
  const stripeCard = useRef<StripeCard | null>(null);
  const cardMode: CardMode =
    boot.environment === 'sandbox' ? 'sandbox' : boot.stripePublishableKey ? 'stripe' : 'unavailable';
  const cardKey = { sandbox: 'card.number', stripe: 'card', unavailable: null }[cardMode];
  const session = useCheckoutSession(t, path, initial, cardKey);
  const { checkout, errors, setErrors, clearErrors, notice, noticeRef, phase, updates, update } = session;
  const money = (amount: number) => formatMoney(amount, checkout.currency, locale);

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

  const clearCard = () => setCard(EMPTY_CARD);
  const submit = checkoutSubmit({
    t,
    boot,
    path,
    locale,
    session,
    draft,
    card,
    cardMode,
    cardKey,
    stripeCard,
    clearCard,
  });

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
