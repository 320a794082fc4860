// After the confirmation: following the session until the payment is settled, and what the buyer keeps from it.
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { api } from '../shared/api';
import { fatalOf } from './checkout-notices';
import { framedBy } from './embed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PaymentOutcome {
  /** Every answer, before any of the outcomes below. */
  seen(next: CheckoutPublic): void;
  succeeded(next: CheckoutPublic): void;
  /** The payment was declined: the session is open again, `payment_error` says why. */
  declined(next: CheckoutPublic): void;
  ended(status: 'failed' | 'expired'): void;
  /** The session's link expired while following (the request was refused). */
  expired(error: unknown): void;
  /** Still processing after 30 seconds; called on each further answer until it settles. */
  slow(): void;
  /** Still not settled at the deadline: the page stops asking (the payment may still go through). */
  gaveUp(): void;
}

const SLOW_MS = 30_000;
const DEADLINE_MS = 120_000;

/** Polls the session (every 0.5 s, then every 2 s) until it is paid, declined (open again), failed or expired, or for two minutes at most. */
export async function followPayment(path: string, on: PaymentOutcome): Promise<void> {
  const started = Date.now();
  for (let polls = 0; Date.now() - started < DEADLINE_MS; polls++) {
    await sleep(polls < 20 ? 500 : 2000);
    let next: CheckoutPublic;
    try {
      next = await api<CheckoutPublic>('GET', path);
    } catch (error) {
      if (fatalOf(error) === 'expired') return on.expired(error);
      continue; // a network hiccup: keep following
    }
    on.seen(next);
    if (next.status === 'succeeded') return on.succeeded(next);
    if (next.status === 'open') return on.declined(next);
    if (next.status === 'failed' || next.status === 'expired') return on.ended(next.status);
    if (Date.now() - started > SLOW_MS) on.slow();
  }
  on.gaveUp();
}

/** In a frame of another origin, the embedding page takes the buyer to `success_url`; a link offers it too. */
export function successNeedsLink(next: CheckoutPublic, successUrl: string): boolean {
  const embedded = framedBy(next.embed_origin) !== null;
  return embedded && new URL(successUrl).origin !== window.location.origin;
}
