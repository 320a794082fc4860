// The order this checkout created, as the buyer's customer session reads it: when, its status, its number and what was
// paid, with the invoice.
import type { CustomerOrder } from '../../../contracts/portal-order';
import { formatDate, formatMoney } from '../shared/format';
import type { Translate } from '../shared/ui';
import type { StringKey } from '../strings';
import { InvoiceLink } from './invoice-link';
import type { OrderState } from './use-order';

const STATUSES: Record<CustomerOrder['status'], StringKey> = {
  draft: 'confirmation.orderStatus.pending', // never shown: customers see no drafts
  pending: 'confirmation.orderStatus.pending',
  paid: 'confirmation.orderStatus.paid',
  refunded: 'confirmation.orderStatus.refunded',
  partially_refunded: 'confirmation.orderStatus.partially_refunded',
  void: 'confirmation.orderStatus.void',
};

export function OrderDetails(props: { t: Translate; locale: string; state: OrderState; token: string }) {
  const { t, locale, state, token } = props;
  if (state.kind === 'rejected') return null;
  return (
    <section class="card confirmation-card" aria-labelledby="order-heading">
      <h2 id="order-heading">{t('confirmation.orderHeading')}</h2>
      {state.kind === 'waiting' && <p class="muted">{t('confirmation.orderWaiting')}</p>}
      {state.kind === 'missing' && <p class="muted">{t('confirmation.orderMissing')}</p>}
      {state.kind === 'found' && (
        <>
          <dl class="order-facts">
            <dt>{t('confirmation.orderDate')}</dt>
            <dd>{formatDate(state.order.created_at, locale)}</dd>
            <dt>{t('confirmation.orderStatus')}</dt>
            <dd>{t(STATUSES[state.order.status])}</dd>
            {state.order.invoice_number && (
              <>
                <dt>{t('confirmation.orderNumber')}</dt>
                <dd>{state.order.invoice_number}</dd>
              </>
            )}
            <dt>{t('confirmation.orderTotal')}</dt>
            <dd>{formatMoney(state.order.total_amount, state.order.currency, locale)}</dd>
          </dl>
          {state.order.status !== 'pending' && state.order.status !== 'void' && (
            <InvoiceLink t={t} order={state.order} token={token} />
          )}
        </>
      )}
    </section>
  );
}
