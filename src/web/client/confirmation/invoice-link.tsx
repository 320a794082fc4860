// The order's invoice: asked for on the buyer's click (the portal's POST …/invoice renders it in the background), then
// asked for again until its signed URL is there, and offered as a link to the PDF. An invoice needs the billing name and
// address, which the portal can add.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CustomerOrder } from '../../../contracts/portal-order';
import { api, ApiError } from '../shared/api';
import { Alert, Button, type Translate } from '../shared/ui';
import { poll } from '../shared/polling';
import { transient } from './use-checkout';

type InvoiceState =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'ready'; url: string }
  | { kind: 'slow' }
  | { kind: 'error'; message: string };

const EVERY_MS = 1_000;
const TIMEOUT_MS = 30_000;

export function InvoiceLink(props: { t: Translate; order: CustomerOrder; token: string }) {
  const { t, order, token } = props;
  const [state, setState] = useState<InvoiceState>({ kind: 'idle' });
  const link = useRef<HTMLAnchorElement>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  useEffect(() => {
    if (state.kind === 'ready') link.current?.focus(); // the button it replaces had the focus
  }, [state.kind]);

  if (!order.billing_name || !order.billing_address)
    return <p class="muted">{t('confirmation.invoiceNeedsDetails')}</p>;

  const path = `/v1/customer-portal/orders/${order.id}/invoice`;
  const request = async () => {
    setState({ kind: 'preparing' });
    try {
      if (!order.is_invoice_generated) await api('POST', path, { token });
    } catch (error) {
      return setState({
        kind: 'error',
        message: error instanceof ApiError ? error.message : t('common.unexpectedError'),
      });
    }
    stop.current = poll({
      load: () => api<{ url: string }>('GET', path, { token }),
      done: () => true,
      onValue: (invoice) => setState({ kind: 'ready', url: invoice.url }),
      onError: (error) => {
        if ((error instanceof ApiError && error.status === 404) || transient(error)) return true; // not rendered yet, or a stumble
        setState({ kind: 'error', message: error instanceof ApiError ? error.message : t('common.unexpectedError') });
        return false;
      },
      onTimeout: () => setState({ kind: 'slow' }),
      everyMs: EVERY_MS,
      timeoutMs: TIMEOUT_MS,
    });
  };

  return (
    <div class="invoice">
      {state.kind === 'ready' ? (
        <a ref={link} class="button" href={state.url}>
          {t('confirmation.invoiceDownload', { number: order.invoice_number ?? '' })}
        </a>
      ) : (
        <Button variant="secondary" busy={state.kind === 'preparing'} onClick={() => void request()}>
          {t(state.kind === 'preparing' ? 'confirmation.invoicePreparing' : 'confirmation.invoiceRequest')}
        </Button>
      )}
      {state.kind === 'slow' && <Alert kind="info">{t('confirmation.invoiceSlow')}</Alert>}
      {state.kind === 'error' && <Alert kind="error">{state.message}</Alert>}
    </div>
  );
}
