// The confirmation (success) page, the checkout's default `success_url`: what was bought and how its payment stands,
// announced as it becomes paid; then, with the customer session the checkout page kept for it, the order with its
// invoice, the license keys and downloads once granted, and the way into the customer portal.
import { useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import type { CheckoutBoot } from '../shared/boot';
import { checkoutSession } from '../shared/checkout-session';
import { Alert, Button, PageFrame, translator, type Translate } from '../shared/ui';
import { GrantedBenefits } from './granted-benefits';
import { OrderDetails } from './order-details';
import { NextStep, statusText, titleOf } from './payment-status';
import { PortalLink } from './portal-link';
import { PurchaseSummary } from './purchase-summary';
import { useBenefits } from './use-benefits';
import { useCheckout, type CheckoutState, type Outcome } from './use-checkout';
import { useOrder } from './use-order';

export function ConfirmationPage(props: { boot: CheckoutBoot }) {
  const { boot } = props;
  const t = translator(boot.locale);
  const state = useCheckout(boot.clientSecret);
  const [token] = useState(() => checkoutSession(boot.clientSecret));
  const ready = state.kind === 'ready' ? state : null;
  return (
    <PageFrame
      t={t}
      title={t(title(state))}
      organization={ready?.checkout.organization.name}
      sandbox={boot.environment === 'sandbox'}
    >
      <p
        class={`payment-status payment-status-${ready?.outcome ?? state.kind}`}
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {status(t, state)}
      </p>
      {state.kind === 'error' && (
        <Alert kind="error">
          <p>{state.message || t('common.unexpectedError')}</p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {ready?.stale && ready.outcome === 'processing' && (
        <p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('confirmation.refresh')}
          </Button>
        </p>
      )}
      {ready && <Purchase t={t} locale={boot.locale} checkout={ready.checkout} outcome={ready.outcome} token={token} />}
    </PageFrame>
  );
}

function title(state: CheckoutState) {
  if (state.kind === 'ready') return titleOf(state.outcome);
  return state.kind === 'expired' ? 'confirmation.expiredTitle' : 'confirmation.processingTitle';
}

function status(t: Translate, state: CheckoutState): string {
  if (state.kind === 'ready' && state.stale && state.outcome === 'processing')
    return t('confirmation.status.stillProcessing');
  if (state.kind === 'ready') return statusText(t, state.checkout, state.outcome);
  if (state.kind === 'expired') return t('confirmation.status.expired');
  return state.kind === 'loading' ? t('common.loading') : '';
}

function Purchase(props: {
  t: Translate;
  locale: string;
  checkout: CheckoutPublic;
  outcome: Outcome;
  token: string | null;
}) {
  const { t, locale, checkout, outcome, token } = props;
  const paid = outcome === 'paid';
  const ordered = !checkout.trial_end; // a trial is billed, and its first order written, when it ends
  const order = useOrder(checkout, token, paid && ordered);
  const benefits = useBenefits(checkout, token, paid);
  const summary = <PurchaseSummary t={t} locale={locale} checkout={checkout} />;
  if (!paid || !token) {
    return (
      <>
        <NextStep t={t} checkout={checkout} outcome={outcome} />
        <div class="confirmation-single">{summary}</div>
      </>
    );
  }
  const rejected = order.kind === 'rejected' || benefits.progress === 'rejected';
  return (
    <div class="columns confirmation-columns">
      {summary}
      <div>
        {rejected ? (
          <Alert kind="info">{t('confirmation.sessionRejected')}</Alert>
        ) : (
          <>
            {ordered && <OrderDetails t={t} locale={locale} state={order} token={token} />}
            <GrantedBenefits t={t} locale={locale} benefits={benefits} />
            <PortalLink t={t} slug={checkout.organization.slug} token={token} />
          </>
        )}
      </div>
    </div>
  );
}
