// The saved payment methods and POST /v1/subscriptions/ in the merchant's run: the portal lists, adds (at once and
// after authentication), confirms and removes a method; the merchant lists them and subscribes customers directly.
import { randomUUID } from 'node:crypto';
import type { TestHarness } from '../support/harness';
import type { Merchant } from './merchant-run';

type Answer = { status: number; body: any };
const ok = (response: Answer, status = 200) => {
  if (response.status !== status)
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
};

export async function paymentMethodFlows(h: TestHarness, m: Merchant, sessionToken: string, customerId: string) {
  const portal = (method: string, path: string, json?: unknown, dated = false): Promise<Answer> =>
    h.request(method, `/v1/customer-portal/customers/me${path}`, {
      token: sessionToken,
      environment: 'sandbox',
      json,
      // a setup waiting for the customer's bank is a 1.x answer: the 0.x clients have none
      headers: dated ? { 'polar-version': '2026-10' } : undefined,
    });
  const add = (card: string, dated = false) =>
    portal(
      'POST',
      '/payment-methods',
      { confirmation_token_id: card, set_default: false, return_url: 'https://app.example.com/' },
      dated,
    );
  ok(await portal('GET', '/payment-methods'));
  const spare = ok(await add('pm_card_visa'), 201);
  const pending = ok(await add('4000002500003155', true), 201);
  const setupIntentId = pending.client_secret.split('_secret_')[0];
  ok(
    await portal('POST', '/payment-methods/confirm', { setup_intent_id: setupIntentId, set_default: false }, true),
    201,
  );
  ok(await add('4000000000000002'), 400); // PaymentMethodSetupFailed, parsed by the clients too
  ok(await portal('DELETE', `/payment-methods/${spare.payment_method.id}`), 204);
  ok(await m.call('GET', `/v1/customers/${customerId}/payment-methods`));

  // POST /v1/subscriptions/: a free plan for a new customer (by external id), a paid one on the saved default.
  const external = `ext-${randomUUID()}`;
  ok(await m.call('POST', '/v1/customers/', { email: `s-${randomUUID()}@example.com`, external_id: external }), 201);
  ok(await m.call('GET', `/v1/customers/external/${external}/payment-methods`));
  const plan = (amount: number) =>
    m.call('POST', '/v1/products/', {
      name: `Direct ${amount}`,
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: amount }],
    });
  const free = ok(await plan(0), 201);
  ok(await m.call('POST', '/v1/subscriptions/', { product_id: free.id, external_customer_id: external }), 201);
  const paid = ok(await plan(700), 201);
  ok(await m.call('POST', '/v1/subscriptions/', { product_id: paid.id, customer_id: customerId }), 201);
}
