// The checkout as its public endpoint shows it, asked again every second while its payment is being processed (for
// two minutes at most: then the page says so and leaves the rest to a reload), and what that means for the buyer.
import { useEffect, useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { api, ApiError } from '../shared/api';
import { poll } from '../shared/polling';

/**
 * processing: confirmed, the payment under way; paid: succeeded; declined: back to open with the processor's error
 * (the buyer can try again); failed: failed for good; incomplete: open, never paid; (an expired page is its own state).
 */
export type Outcome = 'processing' | 'paid' | 'declined' | 'failed' | 'incomplete';

export type CheckoutState =
  | { kind: 'loading' }
  /** `stale`: the payment was still being processed when the page stopped asking. */
  | { kind: 'ready'; checkout: CheckoutPublic; outcome: Outcome; stale?: boolean }
  | { kind: 'expired' }
  | { kind: 'error'; message: string };

const EVERY_MS = 1_000;
const TIMEOUT_MS = 120_000;
/** Network failures in a row the polling lives through before it gives up. */
const MAX_FAILURES = 5;

export function outcomeOf(checkout: CheckoutPublic): Outcome {
  switch (checkout.status) {
    case 'confirmed':
      return 'processing';
    case 'succeeded':
      return 'paid';
    case 'failed':
      return 'failed';
    default:
      return checkout.payment_error ? 'declined' : 'incomplete';
  }
}

export function useCheckout(clientSecret: string): CheckoutState {
  const [state, setState] = useState<CheckoutState>({ kind: 'loading' });
  useEffect(() => {
    let failures = 0;
    return poll({
      load: () => api<CheckoutPublic>('GET', `/v1/checkouts/client/${encodeURIComponent(clientSecret)}`),
      done: (checkout) => outcomeOf(checkout) !== 'processing',
      onValue: (checkout) => {
        failures = 0;
        setState({ kind: 'ready', checkout, outcome: outcomeOf(checkout) });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 410) setState({ kind: 'expired' });
        else if (transient(error) && ++failures < MAX_FAILURES) return true;
        else setState({ kind: 'error', message: error instanceof ApiError ? error.message : '' });
        return false;
      },
      onTimeout: () =>
        setState((current) =>
          current.kind === 'ready' ? { ...current, stale: true } : { kind: 'error', message: '' },
        ),
      everyMs: EVERY_MS,
      timeoutMs: TIMEOUT_MS,
    });
  }, [clientSecret]);
  return state;
}

/** The network or the server stumbling, which a later request may get past. */
export function transient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429;
}
