// A merchant's book for the metrics tests: a sandbox shop selling in USD and EUR, its buyers on one test clock, and
// the commands a year of business is made of (subscribe, buy, change plan, pause, cancel, fail a card, refund).
import { randomUUID } from 'node:crypto';
import { eventually, type TestHarness } from './harness';
import { FACT_EVENTS } from './metrics-facts';
import { setCardOutcome, SUBSCRIPTION_SCOPES, type Call } from './subscriptions';

export type Currency = 'usd' | 'eur';
/** Prices by product, in USD and EUR minor units. */
export const PRICES = {
  basic: { usd: 1000, eur: 900 },
  pro: { usd: 3000, eur: 2700 },
  annual: { usd: 10000, eur: 9000 },
  trial: { usd: 2000, eur: 1800 },
  course: { usd: 5000, eur: 4500 },
} as const;
export type ProductKey = keyof typeof PRICES;

export interface Buyer {
  currency: Currency;
  customerId?: string;
  subscriptionId?: string;
}

export interface Book {
  call: Call;
  organizationId: string;
  clockId: string;
  products: Record<ProductKey, string>;
  now(): string;
  /** Moves the clock forward to `to` (never back), every flow on it settled. */
  advanceTo(to: string): Promise<void>;
  /** With `halfOff`: 50 % off the first three months (the discount's end is an expansion). */
  subscribe(buyer: Buyer, product: ProductKey, halfOff?: boolean): Promise<void>;
  buy(buyer: Buyer): Promise<string>;
  abandonCheckout(currency: Currency): Promise<void>;
  patch(buyer: Buyer, body: Record<string, unknown>): Promise<void>;
  revoke(buyer: Buyer): Promise<void>;
  failCard(buyer: Buyer, fails: boolean): Promise<void>;
  /** The customer pays the subscription's pending renewal now with a new card (from the portal). */
  payNowWithNewCard(buyer: Buyer): Promise<void>;
  /** Refunds `share` of the buyer's latest paid order (1 for all of it); the refund once settled. */
  refund(buyer: Buyer, share: number): Promise<void>;
}

const ADDRESS: Record<Currency, { country: string }> = { usd: { country: 'GB' }, eur: { country: 'DE' } };

export async function openBook(h: TestHarness, receiverUrl: string, start: string): Promise<Book> {
  const scopes = [
    ...SUBSCRIPTION_SCOPES,
    'refunds:read',
    'refunds:write',
    'metrics:read',
    'customer_sessions:write',
  ] as const;
  const org = await h.organization([...scopes], 'sandbox');
  const call: Call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const endpoint = await call('POST', '/v1/webhooks/endpoints', {
    url: receiverUrl,
    format: 'raw',
    events: FACT_EVENTS,
  });
  expect(endpoint.status).toBe(201);
  const product = async (key: ProductKey) => {
    const recurring = key === 'course' ? {} : { recurring_interval: key === 'annual' ? 'year' : 'month' };
    const created = await call('POST', '/v1/products/', {
      name: `Book ${key}`,
      ...recurring,
      ...(key === 'trial' && { trial_interval: 'day', trial_interval_count: 14 }),
      prices: (['usd', 'eur'] as const).map((currency) => ({
        amount_type: 'fixed',
        price_amount: PRICES[key][currency],
        price_currency: currency,
      })),
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const products = {} as Record<ProductKey, string>;
  for (const key of Object.keys(PRICES) as ProductKey[]) products[key] = await product(key);
  const discount = await call('POST', '/v1/discounts/', {
    name: 'Half off for 3 months',
    type: 'percentage',
    basis_points: 5000,
    duration: 'repeating',
    duration_in_months: 3,
  });
  expect(discount.status).toBe(201);
  const clock = await call('POST', '/v1/test-clocks/', { frozen_time: start });
  expect(clock.status).toBe(201);
  const clockId = clock.body.id as string;
  let now = start;

  /** A checkout for the buyer (a new customer on the clock, or the buyer's customer). */
  const checkout = async (buyer: Buyer, product: ProductKey, halfOff = false) => {
    const created = await call('POST', '/v1/checkouts/', {
      products: [products[product]],
      currency: buyer.currency,
      customer_billing_address: ADDRESS[buyer.currency],
      ...(halfOff && { discount_id: discount.body.id }),
      ...(buyer.customerId
        ? { customer_id: buyer.customerId }
        : { test_clock_id: clockId, customer_email: `book-${randomUUID()}@example.com` }),
    });
    expect(created.status).toBe(201);
    const price = PRICES[product][buyer.currency];
    expect(created.body).toMatchObject({ currency: buyer.currency, total_amount: halfOff ? price / 2 : price });
    return created.body;
  };
  const confirm = async (clientSecret: string) => {
    const confirmed = await h.request('POST', `/v1/checkouts/client/${clientSecret}/confirm`, {
      environment: 'sandbox',
      json: { confirmation_token_id: 'pm_card_visa' },
    });
    expect(confirmed.status).toBe(200);
  };
  const paidOrders = async (customerId: string) =>
    (await call('GET', `/v1/orders/?customer_id=${customerId}&limit=100&sorting=-created_at`)).body.items.filter(
      (o: any) => o.paid,
    );

  return {
    call,
    organizationId: org.id,
    clockId,
    products,
    now: () => now,
    async advanceTo(to) {
      if (Date.parse(to) <= Date.parse(now)) return;
      const advanced = await call('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: to });
      expect(advanced.status).toBe(200);
      expect(advanced.body).toMatchObject({ status: 'ready' });
      now = to;
    },
    async subscribe(buyer, product, halfOff) {
      const opened = await checkout(buyer, product, halfOff);
      await confirm(opened.client_secret);
      const subscription = await eventually(async () => {
        const listed = await call('GET', `/v1/subscriptions/?product_id=${products[product]}&limit=100`);
        return listed.body.items.find((s: any) => s.checkout_id === opened.id);
      });
      Object.assign(buyer, { customerId: subscription.customer_id, subscriptionId: subscription.id });
    },
    async buy(buyer) {
      const opened = await checkout(buyer, 'course');
      await confirm(opened.client_secret);
      const order = await eventually(async () => {
        const [found] = (await call('GET', `/v1/orders/?checkout_id=${opened.id}`)).body.items;
        return found?.paid && found;
      });
      buyer.customerId = order.customer_id;
      return order.id as string;
    },
    async abandonCheckout(currency) {
      await checkout({ currency }, 'course');
    },
    async patch(buyer, body) {
      const patched = await call('PATCH', `/v1/subscriptions/${buyer.subscriptionId}`, body);
      expect({ body, at: now, status: patched.status }).toEqual({ body, at: now, status: 200 });
    },
    async revoke(buyer) {
      expect((await call('DELETE', `/v1/subscriptions/${buyer.subscriptionId}`)).status).toBe(200);
    },
    async failCard(buyer, fails) {
      await setCardOutcome(h, buyer.subscriptionId!, fails ? 'insufficient_funds' : null);
    },
    async payNowWithNewCard(buyer) {
      const orders = (await call('GET', `/v1/orders/?customer_id=${buyer.customerId}&limit=100`)).body.items;
      const pending = orders.filter((o: any) => o.status === 'pending');
      expect(pending).toHaveLength(1);
      const session = await call('POST', '/v1/customer-sessions/', { customer_id: buyer.customerId });
      expect(session.status).toBe(201);
      const paid = await h.request('POST', `/v1/customer-portal/orders/${pending[0].id}/confirm-payment`, {
        token: session.body.token,
        environment: 'sandbox',
        json: { confirmation_token_id: '4242424242424242' },
      });
      expect(paid.body).toMatchObject({ status: 'succeeded' });
    },
    async refund(buyer, share) {
      const [order] = await paidOrders(buyer.customerId!);
      const amount = share === 1 ? order.net_amount - order.refunded_amount : Math.round(order.net_amount * share);
      const created = await call('POST', '/v1/refunds/', { order_id: order.id, amount, reason: 'customer_request' });
      expect(created.status).toBe(201);
      await eventually(async () => {
        const [listed] = (await call('GET', `/v1/refunds/?id=${created.body.id}`)).body.items;
        return listed?.status === 'succeeded';
      });
    },
  };
}
