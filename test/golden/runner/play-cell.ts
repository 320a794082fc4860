// One cell played through the HTTP API: its purchase through a checkout on the group's test clock, then each of its
// actions when the clock reaches it (a change previewed first, so that the preview can be held to what it did).
import { randomUUID } from 'node:crypto';
import { eventually, type TestHarness } from '../../support/harness';
import { setCardOutcome, type Call } from '../../support/subscriptions';
import type { Action, Scenario } from '../scenario';
import { createDiscount, createProduct, USAGE_EVENT } from './catalog';

export interface Played {
  scenario: Scenario;
  customerId: string;
  subscriptionId: string | null;
  /** Each previewed change: the preview, and the time it was made at. */
  previews: { at: string; action: Action; preview: any }[];
}

const addressOf = ({ buyer }: Scenario) => ({
  country: buyer.country,
  ...(buyer.state && { state: buyer.state }),
  ...(buyer.postalCode && { postal_code: buyer.postalCode }),
  ...(buyer.line1 && { line1: buyer.line1 }),
  ...(buyer.city && { city: buyer.city }),
});

function check(response: { status: number; body: any }, what: string, expected = 200) {
  if (response.status !== expected)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 400)}`);
  return response.body;
}

/** Buys the scenario's product on the clock: the customer (and subscription) once the checkout completed. */
export async function purchase(h: TestHarness, call: Call, scenario: Scenario, clockId: string, meterId: string) {
  const productId = await createProduct(call, `Golden ${scenario.id}`, scenario.price, scenario, meterId);
  const discountId = scenario.discount && (await createDiscount(call, scenario.discount, scenario.currency));
  const checkout = check(
    await call('POST', '/v1/checkouts/', {
      products: [productId],
      test_clock_id: clockId,
      customer_email: `golden-${randomUUID()}@example.com`,
      customer_billing_address: addressOf(scenario),
      ...(scenario.buyer.taxId && {
        is_business_customer: true,
        customer_billing_name: 'Golden GmbH',
        customer_tax_id: scenario.buyer.taxId,
      }),
      ...(discountId && { discount_id: discountId }),
      ...(scenario.seats && { seats: scenario.seats }),
      ...(scenario.price.model === 'custom' && { amount: scenario.price.amount }),
    }),
    'checkout',
    201,
  );
  check(
    await h.request('POST', `/v1/checkouts/client/${checkout.client_secret}/confirm`, {
      environment: 'sandbox',
      json: { confirmation_token_id: 'pm_card_visa' },
    }),
    'confirm',
  );
  const done = await eventually(
    async () => {
      const body = (await call('GET', `/v1/checkouts/${checkout.id}`)).body;
      return body.status === 'succeeded' && body.customer_id && body;
    },
    30_000,
    { what: `checkout of ${scenario.id} succeeded` },
  );
  const customerId: string = done.customer_id;
  if (!scenario.interval) return { customerId, subscriptionId: null };
  const subscription = await eventually(
    async () => (await call('GET', `/v1/subscriptions/?customer_id=${customerId}`)).body.items[0],
    30_000,
    { what: `subscription of ${scenario.id}` },
  );
  return { customerId, subscriptionId: subscription.id as string };
}

/** What a lifecycle action sends as the subscription's PATCH body (and its preview's). */
function changeBody(action: Action, targetProductId: string | undefined): Record<string, unknown> | null {
  switch (action.kind) {
    case 'change_product':
      return { product_id: targetProductId, proration_behavior: action.proration };
    case 'change_seats':
      return { seats: action.seats, proration_behavior: action.proration };
    case 'pause_now':
      return { pause_now: true, resumes_at: action.resumesAt };
    case 'cancel_at_period_end':
      return { cancel_at_period_end: true };
    case 'revoke':
      return { revoke: true };
    default:
      return null;
  }
}

export async function act(h: TestHarness, call: Call, played: Played, action: Action, targetProductId?: string) {
  const { customerId, subscriptionId } = played;
  const body = changeBody(action, targetProductId);
  if (body) {
    if (action.kind !== 'revoke' && action.kind !== 'cancel_at_period_end') {
      const preview = check(await call('POST', `/v1/subscriptions/${subscriptionId}/preview`, body), 'preview');
      played.previews.push({ at: action.at, action, preview });
    }
    const changed = await call('PATCH', `/v1/subscriptions/${subscriptionId}`, body);
    // an `invoice` change whose charge is declined changes nothing (the calculator expects as much): no preview to hold
    if (changed.status === 402) played.previews.pop();
    else check(changed, action.kind);
    return;
  }
  switch (action.kind) {
    case 'card':
      return setCardOutcome(h, subscriptionId!, action.declines ? 'insufficient_funds' : null);
    case 'usage':
      check(
        await call('POST', '/v1/events/ingest', {
          events: [
            { name: USAGE_EVENT, customer_id: customerId, timestamp: action.at, metadata: { units: action.units } },
          ],
        }),
        'ingest',
      );
      return;
    case 'refund': {
      const orders = (await call('GET', `/v1/orders/?customer_id=${customerId}&limit=100&sorting=created_at`)).body
        .items;
      const order = orders[action.order];
      const amount = action.part === 'full' ? order.refundable_amount : Math.floor((order.net_amount * 2) / 5);
      const refund = check(
        await call('POST', '/v1/refunds/', { order_id: order.id, reason: 'customer_request', amount }),
        'refund',
        201,
      );
      await eventually(
        async () => (await call('GET', `/v1/refunds/?id=${refund.id}`)).body.items[0]?.status === 'succeeded',
        30_000,
        { what: `refund of ${played.scenario.id} succeeded` },
      );
    }
  }
}

/** The target product of a plan change, made before the clock moves (a catalog change is not a billing fact). */
export async function targetOf(call: Call, scenario: Scenario, meterId: string) {
  const change = scenario.actions.find((a) => a.kind === 'change_product');
  return change?.kind === 'change_product'
    ? createProduct(call, `Golden target ${scenario.id}`, change.price, scenario, meterId)
    : undefined;
}
