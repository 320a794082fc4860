// An order's invoice and receipt. The invoice is generated on request (after the billing name and address it needs are
// set on the order), then its link is shown; the receipt's link once rendered.
import { useState } from 'preact/hooks';
import type { CustomerOrder } from '../../../contracts/portal-order';
import { pollUntilDone, StillWaiting } from '../shared/polling';
import { Alert, Button } from '../shared/ui';
import type { SectionProps } from './section-props';
import { OrderBillingForm } from './portal-order-billing-form';
import { failureMessage } from './use-load';

type Document = 'idle' | 'working' | 'details' | { url: string };
const HAS_DOCUMENTS: CustomerOrder['status'][] = ['paid', 'refunded', 'partially_refunded'];
/** How long a document may take to render before the page stops waiting for it. */
const WAIT = { everyMs: 1_000, timeoutMs: 60_000 };

export function OrderDocuments(
  props: SectionProps & { order: CustomerOrder; onOrderChanged: (order: CustomerOrder) => void },
) {
  const { t, call, order } = props;
  const [invoice, setInvoice] = useState<Document>('idle');
  const [receipt, setReceipt] = useState<Document>('idle');
  const [error, setError] = useState<string | null>(null);
  if (!HAS_DOCUMENTS.includes(order.status))
    return <p class="muted portal-documents">{t('portal.orders.noDocuments')}</p>;
  const path = `/orders/${order.id}`;
  const failed = (failure: unknown) =>
    setError(failure instanceof StillWaiting ? t('portal.orders.stillPreparing') : failureMessage(t, failure));

  const generateInvoice = async (current: CustomerOrder) => {
    setInvoice('working');
    setError(null);
    try {
      const requested = await call<{ status: 'generating' | 'generated' }>('POST', `${path}/invoice`);
      if (requested.status === 'generating') {
        const before = await call<CustomerOrder>('GET', path);
        const rendered = (latest: CustomerOrder) =>
          latest.is_invoice_generated && (!current.is_invoice_generated || latest.modified_at !== before.modified_at);
        props.onOrderChanged(
          await pollUntilDone({ load: () => call<CustomerOrder>('GET', path), done: rendered, ...WAIT }),
        );
      }
      setInvoice(await call<{ url: string }>('GET', `${path}/invoice`));
    } catch (failure) {
      setInvoice('idle');
      failed(failure);
    }
  };

  const fetchReceipt = async () => {
    setReceipt('working');
    setError(null);
    try {
      const load = () => call<{ url: string } | { status: string }>('GET', `${path}/receipt`);
      setReceipt((await pollUntilDone({ load, done: (answer) => 'url' in answer, ...WAIT })) as { url: string });
    } catch (failure) {
      setReceipt('idle');
      failed(failure);
    }
  };

  const needsDetails = !order.billing_name || !order.billing_address;
  return (
    <div class="portal-documents">
      {typeof invoice === 'object' ? (
        <a class="button button-secondary" href={invoice.url} download target="_blank" rel="noopener">
          {t('portal.orders.downloadInvoice')}
        </a>
      ) : (
        <Button
          variant="secondary"
          busy={invoice === 'working'}
          onClick={() => (needsDetails ? setInvoice('details') : generateInvoice(order))}
        >
          {invoice === 'working' ? t('portal.orders.preparing') : t('portal.orders.invoice')}
        </Button>
      )}
      {typeof receipt === 'object' ? (
        <a class="button button-secondary" href={receipt.url} download target="_blank" rel="noopener">
          {t('portal.orders.downloadReceipt')}
        </a>
      ) : (
        <Button variant="secondary" busy={receipt === 'working'} onClick={fetchReceipt}>
          {receipt === 'working' ? t('portal.orders.preparing') : t('portal.orders.receipt')}
        </Button>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {invoice === 'details' && (
        <OrderBillingForm
          {...props}
          onCancel={() => setInvoice('idle')}
          onSaved={(updated) => {
            props.onOrderChanged(updated);
            void generateInvoice(updated);
          }}
        />
      )}
    </div>
  );
}
