// An embedded checkout tells the page that frames it what happens, with postMessage to exactly the checkout's
// `embed_origin` (the only origin its Content-Security-Policy lets frame it): never to '*', never when not framed.
import type { CheckoutPublic } from '../../../contracts/checkout-public';

export type EmbedEvent = 'loaded' | 'updated' | 'confirmed' | 'payment_error' | 'success' | 'expired';

export interface EmbedMessage {
  type: 'bursar:checkout';
  event: EmbedEvent;
  checkout: {
    id: string;
    status: string;
    currency: string;
    total_amount: number;
    tax_amount: number | null;
    product_id: string | null;
  };
  /** With `success`: where the buyer goes next (the embedding page may take them there). */
  success_url?: string;
  /** With `payment_error`: why the payment was refused. */
  reason?: string;
}

/** A function posting the checkout's events to its embedding page, or one doing nothing when it is not embedded. */
export function embedPoster(
  embedOrigin: string | null,
): (event: EmbedEvent, checkout: CheckoutPublic, extra?: Partial<EmbedMessage>) => void {
  const target = framedBy(embedOrigin);
  if (!target) return () => undefined;
  return (event, checkout, extra = {}) => {
    const message: EmbedMessage = {
      type: 'bursar:checkout',
      event,
      checkout: {
        id: checkout.id,
        status: checkout.status,
        currency: checkout.currency,
        total_amount: checkout.total_amount,
        tax_amount: checkout.tax_amount,
        product_id: checkout.product_id,
      },
      ...extra,
    };
    window.parent.postMessage(message, target);
  };
}

/** The embed origin when this page is in a frame and the checkout names a valid one. */
export function framedBy(embedOrigin: string | null): string | null {
  if (!embedOrigin || window.parent === window) return null;
  try {
    const origin = new URL(embedOrigin).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
