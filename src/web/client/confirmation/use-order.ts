// The order this checkout created, read through the buyer's customer session once the checkout succeeded: asked again
// until it is recorded and paid (a little after the checkout itself), or until the wait runs out.
import { useEffect, useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import type { CustomerOrder } from '../../../contracts/portal-order';
import { api, ApiError } from '../shared/api';
import { poll } from '../shared/polling';
import { transient } from './use-checkout';

export type OrderState =
  { kind: 'waiting' } | { kind: 'found'; order: CustomerOrder } | { kind: 'missing' } | { kind: 'rejected' };

const EVERY_MS = 1_000;
const TIMEOUT_MS = 30_000;

export function useOrder(checkout: CheckoutPublic, token: string | null, paid: boolean): OrderState {
  const [state, setState] = useState<OrderState>({ kind: 'waiting' });
  useEffect(() => {
    if (!token || !paid) return;
    const query = new URLSearchParams({ limit: '20', sorting: '-created_at' });
    if (checkout.product_id) query.set('product_id', checkout.product_id);
    return poll({
      load: async () => {
        const page = await api<{ items: CustomerOrder[] }>('GET', `/v1/customer-portal/orders/?${query}`, { token });
        return page.items.find((order) => order.checkout_id === checkout.id) ?? null;
      },
      done: (order) => order !== null && order.status !== 'pending',
      onValue: (order) => order && setState({ kind: 'found', order }),
      onError: (error) => {
        if (transient(error)) return true;
        setState(error instanceof ApiError && error.status === 401 ? { kind: 'rejected' } : { kind: 'missing' });
        return false;
      },
      onTimeout: () => setState((current) => (current.kind === 'found' ? current : { kind: 'missing' })),
      everyMs: EVERY_MS,
      timeoutMs: TIMEOUT_MS,
    });
  }, [checkout.id, checkout.product_id, token, paid]);
  return state;
}
