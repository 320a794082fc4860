// Subscriptions in tests: a sandbox organization, a recurring product, a customer on a test clock who subscribes
// through a real checkout, and the clock's advance — all through the HTTP API.
import { eventually, type TestHarness } from './harness';

export type Call = (
  method: string,
  path: string,
  json?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: any }>;

export const SUBSCRIPTION_SCOPES = [
  'products:write',
  'products:read',
  'checkouts:write',
  'checkouts:read',
  'orders:read',
  'subscriptions:read',
  'subscriptions:write',
  'customers:write',
  'customers:read',
  'discounts:write',
  'test_clocks:write',
  'webhooks:write',
  'webhooks:read',
] as const;

export async function sandboxCaller(h: TestHarness): Promise<Call> {
  const org = await h.organization([...SUBSCRIPTION_SCOPES], 'sandbox');
  return (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
}

export interface SubscribeOptions {
  /** The product to subscribe to (an id), or its price and interval to create one. */
  product?: string;
  price?: number;
  interval?: 'day' | 'week' | 'month' | 'year';
  trialDays?: number;
  /** When the customer starts (the test clock's frozen time). */
  start: string;
  card?: string;
  country?: string;
  /** The buyer's whole billing address instead (a US buyer is taxed once the state is known, and needs a street). */
  address?: Record<string, string>;
  discountId?: string;
  seats?: number;
}

/** A customer on a new test clock who subscribed through a checkout; the subscription once it exists. */
export async function subscribe(h: TestHarness, call: Call, options: SubscribeOptions) {
  const productId =
    options.product ??
    (
      await call('POST', '/v1/products/', {
        name: `Plan ${options.price}`,
        recurring_interval: options.interval ?? 'month',
        prices: [{ amount_type: 'fixed', price_amount: options.price ?? 1000 }],
        ...(options.trialDays && { trial_interval: 'day', trial_interval_count: options.trialDays }),
      })
    ).body.id;
  const clock = await call('POST', '/v1/test-clocks/', { frozen_time: options.start });
  expect(clock.status).toBe(201);
  const checkout = await call('POST', '/v1/checkouts/', {
    products: [productId],
    test_clock_id: clock.body.id,
    customer_email: `subscriber-${clock.body.id}@example.com`,
    customer_billing_address: options.address ?? { country: options.country ?? 'DE' },
    ...(options.discountId && { discount_id: options.discountId }),
    ...(options.seats && { seats: options.seats }),
  });
  expect(checkout.status).toBe(201);
  const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
    environment: 'sandbox',
    json: { confirmation_token_id: options.card ?? 'pm_card_visa' },
  });
  expect(confirmed.status).toBe(200);
  const subscription = await eventually(async () =>
    (await call('GET', `/v1/subscriptions/?product_id=${productId}&limit=100`)).body.items.find(
      (s: any) => s.checkout_id === checkout.body.id,
    ),
  );
  return { clockId: clock.body.id as string, productId, checkout: checkout.body, subscription };
}

export async function advance(call: Call, clockId: string, to: string) {
  const advanced = await call('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: to });
  expect(advanced.status).toBe(200);
  expect(advanced.body).toMatchObject({ frozen_time: new Date(to).toISOString(), status: 'ready' });
}

/** The customer's orders, oldest first. */
export async function ordersOf(call: Call, customerId: string): Promise<any[]> {
  const page = await call('GET', `/v1/orders/?customer_id=${customerId}&limit=100&sorting=created_at`);
  return page.body.items;
}

export const getSubscription = async (call: Call, id: string) => (await call('GET', `/v1/subscriptions/${id}`)).body;

/**
 * Makes the subscription's saved card decline from now on (a decline code) or approve again (null): the sandbox
 * processor's stand-in for a card that runs out of funds and is topped up.
 */
export async function setCardOutcome(
  h: TestHarness,
  subscriptionId: string,
  failure: 'insufficient_funds' | 'authentication_required' | null,
) {
  await h.env.sandbox.orm.em.fork().execute(
    `update sandbox_processor_payment_method set charge_fails = ?, failure_message = ?
     where token = (select payment_method_token from subscription where id = ?)`,
    [failure, failure ? `Declined: ${failure}` : 'Succeeds', subscriptionId],
  );
}

/** The charges the sandbox processor made for an order, in order of attempts. */
export async function chargesFor(h: TestHarness, orderId: string): Promise<{ status: string; amount: number }[]> {
  return h.env.sandbox.orm.em
    .fork()
    .execute(
      `select status, amount from sandbox_processor_charge where idempotency_key like ? order by idempotency_key`,
      [`order:${orderId}:charge:%`],
    );
}

/** An order as a change preview shows one (its `due_now` or `next_renewal`). */
export const billOf = (order: any) => ({
  lines: order.items.map((i: any) => ({
    label: i.label,
    amount: i.amount,
    proration: i.proration,
    product_price_id: i.product_price_id,
  })),
  subtotal_amount: order.subtotal_amount,
  discount_amount: order.discount_amount,
  net_amount: order.net_amount,
  tax_amount: order.tax_amount,
  total_amount: order.total_amount,
});
