// What the chaos run asks of the API: one-time checkouts, subscriptions through checkouts on test clocks, and monthly
// advances of those clocks (each advance renews every subscription on the clock once).
import { inParallel } from '../../src/kernel/concurrency';
import type { Answer, ChaosApi } from './chaos-api';

export interface LoadPlan {
  oneTimeCheckouts: number;
  subscriptions: number;
  clocks: number;
  months: number;
}

export interface Catalog {
  oneTimeProductId: string;
  monthlyProductId: string;
  clockIds: string[];
}

/** Subscriptions start on the 15th; the n-th advance goes one hour past the n-th monthly period end. */
const CLOCK_START = '2025-01-15T00:00:00.000Z';
export const ONE_TIME_PRICE = 2500;
export const MONTHLY_PRICE = 1000;

export function advanceTarget(month: number): string {
  return new Date(Date.UTC(2025, month, 15, 1)).toISOString();
}

const BILLING = { country: 'DE' };

export const WEBHOOK_EVENTS = [
  'order.created',
  'order.updated',
  'order.paid',
  'subscription.created',
  'subscription.active',
  'subscription.updated',
];

export async function createCatalog(api: ChaosApi, plan: LoadPlan): Promise<Catalog> {
  const created = (answer: Answer) => answer.status === 201;
  const oneTime = await api.until(
    'POST',
    '/v1/products/',
    { name: 'Chaos guide', prices: [{ amount_type: 'fixed', price_amount: ONE_TIME_PRICE }] },
    created,
  );
  const monthly = await api.until(
    'POST',
    '/v1/products/',
    {
      name: 'Chaos plan',
      recurring_interval: 'month',
      prices: [{ amount_type: 'fixed', price_amount: MONTHLY_PRICE }],
    },
    created,
  );
  const clockIds: string[] = [];
  for (let i = 0; i < plan.clocks; i++)
    clockIds.push(
      (await api.until('POST', '/v1/test-clocks/', { name: `chaos ${i}`, frozen_time: CLOCK_START }, created)).body.id,
    );
  return { oneTimeProductId: oneTime.body.id, monthlyProductId: monthly.body.id, clockIds };
}

/** Every checkout of the plan, created (with an idempotency key) and confirmed with the sandbox's Visa card. */
export async function runCheckouts(api: ChaosApi, catalog: Catalog, plan: LoadPlan, concurrency = 6): Promise<void> {
  // Interleaved, so that subscriptions and one-time purchases meet the same faults; subscriptions spread over the clocks.
  const kinds = Array.from({ length: plan.oneTimeCheckouts + plan.subscriptions }, (_, i) => i);
  let subscriptions = 0;
  const checkouts = kinds.map((i) => {
    const subscription =
      subscriptions < plan.subscriptions && (i % 2 === 1 || i - subscriptions >= plan.oneTimeCheckouts);
    if (!subscription)
      return {
        i,
        body: {
          products: [catalog.oneTimeProductId],
          customer_email: `buyer-${i}@chaos.example.com`,
          customer_billing_address: BILLING,
        },
      };
    const clockId = catalog.clockIds[subscriptions++ % catalog.clockIds.length];
    return {
      i,
      body: {
        products: [catalog.monthlyProductId],
        test_clock_id: clockId,
        customer_email: `subscriber-${i}@chaos.example.com`,
        customer_billing_address: BILLING,
      },
    };
  });
  await inParallel(checkouts, concurrency, async ({ i, body }) => {
    const checkout = await api.until('POST', '/v1/checkouts/', body, (answer) => answer.status === 201, {
      'X-Idempotency-Key': `chaos-checkout-${i}`,
    });
    await confirm(api, checkout.body);
  });
}

/** Confirms once: a confirmation whose answer was lost is found confirmed (403 NotOpenCheckout) on the next try. */
async function confirm(api: ChaosApi, checkout: { id: string; client_secret: string }): Promise<void> {
  await api.until(
    'POST',
    `/v1/checkouts/client/${checkout.client_secret}/confirm`,
    { confirmation_token_id: 'pm_card_visa' },
    async (answer) => {
      if (answer.status === 200) return true;
      if (answer.status !== 403 || answer.body?.error !== 'NotOpenCheckout') return false;
      const current = await api.call('GET', `/v1/checkouts/${checkout.id}`);
      return current.status === 200 && ['confirmed', 'succeeded'].includes(current.body.status) ? true : 'retry';
    },
  );
}

/** Advances every clock month by month; `months` advances renew each subscription `months` times. */
export async function runRenewals(
  api: ChaosApi,
  catalog: Catalog,
  plan: LoadPlan,
  onMonth: (month: number) => void,
): Promise<void> {
  for (let month = 1; month <= plan.months; month++) {
    await inParallel(catalog.clockIds, catalog.clockIds.length, (clockId) =>
      advanceClock(api, clockId, advanceTarget(month)),
    );
    onMonth(month);
  }
}

/**
 * Advances a clock to `to`, once: after an interrupted request the clock is found busy (409), then already there
 * (422 with the clock ready at `to`) — or still unsettled, and the same time is accepted again.
 */
export async function advanceClock(api: ChaosApi, clockId: string, to: string): Promise<void> {
  await api.until('POST', `/v1/test-clocks/${clockId}/advance`, { frozen_time: to }, async (answer) => {
    if (answer.status === 200) return true;
    if (answer.status !== 422) return false;
    const clock = await api.call('GET', `/v1/test-clocks/${clockId}`);
    return clock.status === 200 && clock.body.status === 'ready' && Date.parse(clock.body.frozen_time) >= Date.parse(to)
      ? true
      : 'retry';
  });
}
