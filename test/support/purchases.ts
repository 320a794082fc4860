// One-time purchases in tests: a sandbox checkout created over HTTP, confirmed through its client secret, and its
// order once paid.
import { randomUUID } from 'node:crypto';
import { eventually, type TestHarness } from './harness';
import type { Call } from './subscriptions';

export interface PurchaseOptions {
  /** The card to pay with; null for a checkout that needs none (free). */
  card?: string | null;
  timeoutMs?: number;
}

/** The paid order of a checkout with `body` (by a random buyer unless the body names one). */
export async function purchase(
  h: TestHarness,
  call: Call,
  body: Record<string, unknown>,
  options: PurchaseOptions = {},
) {
  const checkout = await call('POST', '/v1/checkouts/', {
    customer_email: `buyer-${randomUUID()}@example.com`,
    ...body,
  });
  expect(checkout.status).toBe(201);
  const card = options.card === undefined ? 'pm_card_visa' : options.card;
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: card === null ? {} : { confirmation_token_id: card },
  });
  expect(confirmed.status).toBe(200);
  return eventually(async () => {
    const [order] = (await call('GET', `/v1/orders/?checkout_id=${checkout.body.id}`)).body.items;
    return order?.paid && order;
  }, options.timeoutMs);
}
