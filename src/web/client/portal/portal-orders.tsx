// The customer's orders, newest first: what was bought, when, for how much, its status, and its invoice and receipt.
import type { CustomerOrder } from '../../../contracts/portal-order';
import { formatDate, formatMoney } from '../shared/format';
import type { StringKey } from '../strings';
import type { SectionProps } from './section-props';
import { OrderDocuments } from './portal-order-documents';
import { ListSection } from './portal-list-section';
import { useLoad } from './use-load';

const STATUS: Record<CustomerOrder['status'], StringKey> = {
  draft: 'portal.orders.status.pending', // never shown: customers see no drafts
  pending: 'portal.orders.status.pending',
  paid: 'portal.orders.status.paid',
  refunded: 'portal.orders.status.refunded',
  partially_refunded: 'portal.orders.status.partiallyRefunded',
  void: 'portal.orders.status.void',
};

export function PortalOrders(props: SectionProps) {
  const { t, call } = props;
  const orders = useLoad(() => call<{ items: CustomerOrder[] }>('GET', '/orders/?limit=100&sorting=-created_at'));
  const items = orders.data?.items;
  const replace = (order: CustomerOrder) =>
    orders.replace({ items: (items ?? []).map((item) => (item.id === order.id ? order : item)) });
  return (
    <ListSection
      t={t}
      id="portal-orders"
      heading={t('portal.orders.heading')}
      empty={t('portal.orders.empty')}
      items={items}
      loaded={orders}
    >
      {(items) => (
        <ul class="portal-list" aria-labelledby="portal-orders-heading">
          {items.map((order) => (
            <li key={order.id} class="portal-item">
              <div class="portal-item-main">
                <h3>{order.product?.name ?? order.description}</h3>
                <p class="muted">
                  {formatDate(order.created_at, props.locale)}
                  {order.invoice_number && ` · ${order.invoice_number}`}
                </p>
              </div>
              <p class="portal-amount">{formatMoney(order.total_amount, order.currency, props.locale)}</p>
              <p>
                <span class={`tag portal-status-${order.status}`}>{t(STATUS[order.status])}</span>
              </p>
              <OrderDocuments {...props} order={order} onOrderChanged={replace} />
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
