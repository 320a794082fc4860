// The pay page of a pay link: the order's lines, tax and total, then a new card (test cards in the sandbox, Stripe's
// fields in production) and the payment through the link's own endpoints; the outcome is announced.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PayLinkOrder } from '../../../contracts/portal-pay-link';
import type { CustomerOrderPaymentConfirmation } from '../../../contracts/portal-order-confirm-payment';
import {
  EMPTY_CARD,
  SandboxCardFields,
  StripeCardFields,
  sandboxCardErrors,
  type CardField,
} from '../checkout/card-fields';
import type { StripeCard } from '../checkout/stripe';
import { api, ApiError } from '../shared/api';
import type { PayBoot } from '../shared/boot';
import { formatMoney } from '../shared/format';
import { Alert, Button, PageFrame, translator } from '../shared/ui';

type Outcome = { kind: 'paid' } | { kind: 'declined'; error: string } | null;

export function PayPage(props: { boot: PayBoot }) {
  const { boot } = props;
  const t = translator(boot.locale);
  const path = `/v1/customer-portal/pay-links/${encodeURIComponent(boot.token)}`;
  const [link, setLink] = useState<PayLinkOrder | 'invalid' | null>(null);
  const [card, setCard] = useState(EMPTY_CARD);
  const [touched, setTouched] = useState(false);
  const [paying, setPaying] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const stripe = useRef<StripeCard | null>(null);
  useEffect(() => {
    api<PayLinkOrder>('GET', path).then(setLink, () => setLink('invalid'));
  }, [path]);

  if (link === null || link === 'invalid')
    return (
      <PageFrame t={t} title={t('title.pay')} sandbox={boot.environment === 'sandbox'}>
        <p role="status">{link === null ? t('pay.loading') : t('pay.invalid')}</p>
      </PageFrame>
    );
  const { order } = link;
  const money = (amount: number) => formatMoney(amount, order.currency, boot.locale);
  const errors = touched ? sandboxCardErrors(card) : {};
  const pay = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (!boot.stripePublishableKey && Object.keys(sandboxCardErrors(card)).length) return;
    setPaying(true);
    try {
      const token = boot.stripePublishableKey
        ? await stripe.current!.token({ name: order.billing_name, email: null })
        : card.number.replace(/\D/g, '');
      const body = { confirmation_token_id: token };
      const result = await api<CustomerOrderPaymentConfirmation>('POST', `${path}/confirm`, { body });
      setOutcome(result.status === 'succeeded' ? { kind: 'paid' } : { kind: 'declined', error: result.error ?? '' });
    } catch (error) {
      setOutcome({ kind: 'declined', error: error instanceof ApiError ? error.message : String(error) });
    } finally {
      setPaying(false);
    }
  };
  const paid = outcome?.kind === 'paid' || link.payment_status.status === 'succeeded';
  const inclusive = order.net_amount + order.tax_amount === order.subtotal_amount - order.discount_amount;
  return (
    <PageFrame
      t={t}
      title={t('title.pay')}
      organization={link.organization.name}
      sandbox={boot.environment === 'sandbox'}
    >
      {order.invoice_number && <p>{t('pay.invoice', { number: order.invoice_number })}</p>}
      <table class="order-lines">
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.label}</th>
              <td>{money(item.amount)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t(inclusive ? 'pay.taxIncluded' : 'pay.tax')}</th>
            <td>{money(order.tax_amount)}</td>
          </tr>
          <tr class="total">
            <th scope="row">{t('pay.total')}</th>
            <td>{money(order.total_amount)}</td>
          </tr>
        </tbody>
      </table>
      <p role="status" aria-live="polite" class="payment-status">
        {paid ? t('pay.paid') : order.status === 'void' ? t('pay.void') : ''}
      </p>
      {outcome?.kind === 'declined' && (
        <Alert kind="error">
          <p>{t('pay.declined', { error: outcome.error })}</p>
        </Alert>
      )}
      {link.payable && !paid && (
        <form onSubmit={pay} noValidate>
          <h2>{t('pay.newCard')}</h2>
          {boot.stripePublishableKey ? (
            <StripeCardFields
              t={t}
              publishableKey={boot.stripePublishableKey}
              currency={order.currency}
              locale={boot.locale}
              error={null}
              controller={stripe}
            />
          ) : (
            <SandboxCardFields
              t={t}
              value={card}
              errors={errors}
              disabled={paying}
              onChange={(field: CardField, value: string) => setCard({ ...card, [field]: value })}
            />
          )}
          <Button type="submit" disabled={paying}>
            {paying ? t('pay.paying') : t('pay.submit', { amount: money(order.total_amount) })}
          </Button>
        </form>
      )}
    </PageFrame>
  );
}
