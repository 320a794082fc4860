// Which webhook events make timeline entries and what each says: a table of payloads and the entries they make.
import { entryOf } from '../../src/domains/timeline/timeline-entry.logic';
import { upcomingOf } from '../../src/domains/timeline/timeline-upcoming.logic';
import { customerCause } from '../../src/domains/timeline/customer-cause.logic';

const customer = '00000000-0000-4000-8000-000000000001';
const sub = '00000000-0000-4000-8000-000000000002';
const order = {
  id: '00000000-0000-4000-8000-000000000003',
  customer_id: customer,
  subscription_id: sub,
  status: 'pending',
  description: 'Pro — From 2027-03-10 to 2027-04-10',
  created_at: '2027-03-10T12:00:00.000Z',
  modified_at: '2027-03-12T12:00:00.000Z',
  currency: 'eur',
  total_amount: 3570,
  subtotal_amount: 3000,
  discount_amount: 0,
  tax_amount: 570,
  billing_reason: 'subscription_cycle',
  next_payment_attempt_at: null,
  dispute: null,
  items: [
    { label: 'Pro', amount: 3000, tax_amount: 570, proration: false },
    { label: 'Unused time on Basic', amount: -500, tax_amount: -95, proration: true },
  ],
};
const subscription = {
  id: sub,
  customer_id: customer,
  status: 'active',
  amount: 3000,
  currency: 'eur',
  recurring_interval: 'month',
  recurring_interval_count: 1,
  product: { name: 'Pro' },
  product_id: '00000000-0000-4000-8000-000000000004',
  created_at: '2027-01-10T12:00:00.000Z',
  modified_at: '2027-02-15T12:00:00.000Z',
  current_period_start: '2027-02-10T12:00:00.000Z',
  current_period_end: '2027-03-10T12:00:00.000Z',
  cancel_at_period_end: false,
  pause_at_period_end: false,
  ends_at: null,
  resumes_at: null,
  paused_at: null,
  trial_end: null,
};
const timer = { type: 'timer', name: 'renewal due' };

test.each([
  // event, payload, cause → type, time, amount, summary, the key that keeps it to one entry
  [
    'order.created',
    order,
    timer,
    [
      'order.created',
      '2027-03-10T12:00:00.000Z',
      3570,
      'Order created: Pro — From 2027-03-10 to 2027-04-10, EUR 35.70 due',
      `order:${order.id}:order.created`,
    ],
  ],
  [
    'order.paid',
    { ...order, status: 'paid' },
    timer,
    [
      'order.paid',
      '2027-03-12T12:00:00.000Z',
      3570,
      'Order paid: Pro — From 2027-03-10 to 2027-04-10, EUR 35.70',
      `order:${order.id}:order.paid`,
    ],
  ],
  [
    'order.updated',
    { ...order, next_payment_attempt_at: '2027-03-12T12:00:00.000Z', modified_at: '2027-03-10T12:00:00.000Z' },
    timer,
    [
      'payment.retry_scheduled',
      '2027-03-10T12:00:00.000Z',
      3570,
      'Payment retry scheduled for 2027-03-12 12:00 UTC',
      `retry:${order.id}:2027-03-12T12:00:00.000Z`,
    ],
  ],
  [
    'order.updated',
    { ...order, status: 'void' },
    timer,
    [
      'order.voided',
      '2027-03-12T12:00:00.000Z',
      3570,
      'Order voided: it will not be charged',
      `order:${order.id}:void`,
    ],
  ],
  [
    'order.updated',
    {
      ...order,
      status: 'paid',
      dispute: {
        id: '00000000-0000-4000-8000-000000000009',
        status: 'needs_response',
        amount: 3570,
        reason: 'fraudulent',
      },
    },
    null,
    [
      'dispute.opened',
      '2027-03-12T12:00:00.000Z',
      3570,
      'Payment disputed (fraudulent)',
      'dispute:00000000-0000-4000-8000-000000000009:needs_response',
    ],
  ],
  [
    'order.updated',
    {
      ...order,
      status: 'paid',
      dispute: { id: '00000000-0000-4000-8000-000000000009', status: 'lost', amount: 3570, reason: 'fraudulent' },
    },
    null,
    [
      'dispute.updated',
      '2027-03-12T12:00:00.000Z',
      3570,
      'Dispute lost',
      'dispute:00000000-0000-4000-8000-000000000009:lost',
    ],
  ],
  [
    'subscription.updated',
    subscription,
    { type: 'command', name: 'subscription change' },
    ['subscription.plan_changed', '2027-02-15T12:00:00.000Z', 3000, 'Plan changed to Pro, EUR 30.00 per month', null],
  ],
  [
    'subscription.updated',
    { ...subscription, recurring_interval: 'year', recurring_interval_count: 2, seats: 5 },
    { type: 'command', name: 'subscription change' },
    [
      'subscription.plan_changed',
      '2027-02-15T12:00:00.000Z',
      3000,
      'Plan changed to Pro, EUR 30.00 per 2 year, 5 seats',
      null,
    ],
  ],
  [
    'subscription.updated',
    { ...subscription, pause_at_period_end: true },
    { type: 'command', name: 'subscription pause' },
    ['subscription.pause_scheduled', '2027-02-15T12:00:00.000Z', null, 'Set to pause on 2027-03-10', null],
  ],
  [
    'subscription.cycled',
    subscription,
    timer,
    [
      'subscription.renewed',
      '2027-02-15T12:00:00.000Z',
      null,
      'Renewed for 2027-02-10 to 2027-03-10',
      `subscription:${sub}:subscription.renewed:2027-02-10T12:00:00.000Z`,
    ],
  ],
  [
    'subscription.canceled',
    { ...subscription, cancel_at_period_end: true, ends_at: '2027-03-10T12:00:00.000Z' },
    null,
    ['subscription.canceled', '2027-02-15T12:00:00.000Z', null, 'Set to cancel on 2027-03-10', null],
  ],
  [
    'subscription.paused',
    {
      ...subscription,
      status: 'paused',
      paused_at: '2027-03-10T12:00:00.000Z',
      resumes_at: '2027-05-01T00:00:00.000Z',
    },
    null,
    [
      'subscription.paused',
      '2027-02-15T12:00:00.000Z',
      null,
      'Paused until 2027-05-01',
      `subscription:${sub}:subscription.paused:2027-03-10T12:00:00.000Z`,
    ],
  ],
  [
    'subscription.created',
    { ...subscription, status: 'trialing', trial_end: '2027-01-24T12:00:00.000Z', modified_at: null },
    null,
    ['subscription.created', '2027-01-10T12:00:00.000Z', 3000, 'Subscribed to Pro with a trial until 2027-01-24', null],
  ],
  [
    'refund.created',
    {
      id: '00000000-0000-4000-8000-000000000005',
      customer_id: customer,
      order_id: order.id,
      amount: 500,
      tax_amount: 95,
      currency: 'eur',
      reason: 'customer_request',
      created_at: '2027-06-01T12:00:00.000Z',
    },
    null,
    [
      'refund.created',
      '2027-06-01T12:00:00.000Z',
      595,
      'Refund requested: EUR 5.95 (customer_request)',
      'refund:00000000-0000-4000-8000-000000000005:refund.created',
    ],
  ],
  [
    'refund.updated',
    {
      id: '00000000-0000-4000-8000-000000000005',
      customer_id: customer,
      order_id: order.id,
      status: 'succeeded',
      amount: 500,
      tax_amount: 95,
      currency: 'eur',
      reason: 'customer_request',
      created_at: '2027-06-01T12:00:00.000Z',
    },
    null,
    [
      'refund.succeeded',
      null,
      595,
      'Refunded: EUR 5.95 (customer_request)',
      'refund:00000000-0000-4000-8000-000000000005:refund.succeeded',
    ],
  ],
] as const)('%s makes its entry (%#)', (type, data, cause, [entryType, at, amount, summary, dedupeKey]) => {
  const entry = entryOf(type, data as Record<string, unknown>, cause)!;
  expect(entry).toMatchObject({ type: entryType, customerId: customer, amount, summary, dedupeKey });
  expect(entry.at?.toISOString() ?? null).toBe(at);
});

test.each([
  ['order.created', { ...order, status: 'paid' }, null], // an order paid at once: its order.paid says it
  ['order.updated', { ...order, status: 'paid' }, null], // a change that is not news
  ['subscription.updated', subscription, { type: 'command', name: 'subscription cancel' }], // told by .canceled
  ['subscription.updated', subscription, timer],
  ['refund.updated', { id: order.id, customer_id: customer, status: 'pending' }, null],
  ['checkout.updated', { id: order.id, customer_id: customer, status: 'confirmed' }, null],
  ['checkout.created', { id: order.id, customer_id: null, status: 'open' }, null], // no customer yet
  ['benefit_grant.created', { id: order.id, customer_id: customer, is_granted: false }, null], // failed to grant
  ['customer.updated', { id: customer, customer_id: customer }, null],
] as const)('%s makes no entry (%#)', (type, data, cause) => {
  expect(entryOf(type, data as Record<string, unknown>, cause)).toBeNull();
});

test('the order lines keep their prorations', () => {
  const entry = entryOf('order.paid', { ...order, status: 'paid' }, timer)!;
  expect(entry.details).toMatchObject({
    billing_reason: 'subscription_cycle',
    prorations: 1,
    lines: [
      { label: 'Pro', amount: 3000, tax_amount: 570, proration: false },
      { label: 'Unused time on Basic', amount: -500, tax_amount: -95, proration: true },
    ],
  });
});

test('the next step as the flow answers it: none when it has nothing scheduled or cannot answer', () => {
  const answer = (action: string, at: string | null) =>
    ({ status: 'active', next: { action, at }, renewals: [] }) as never;
  expect(upcomingOf(sub, answer('renew', '2027-04-10T12:00:00.000Z'))).toEqual({
    subscription_id: sub,
    action: 'renew',
    at: '2027-04-10T12:00:00.000Z',
  });
  expect(upcomingOf(sub, answer('resume', null))).toEqual({ subscription_id: sub, action: 'resume', at: null });
  expect(upcomingOf(sub, answer('none', null))).toBeNull();
  expect(upcomingOf(sub, null)).toBeNull();
});

test.each([
  [
    { type: 'command', name: 'POST /v1/refunds/', request_id: 'r1' },
    { type: 'command', name: 'the merchant', request_id: null },
  ],
  [
    { type: 'command', name: 'PATCH /v1/customer-portal/subscriptions/:id', request_id: 'r2' },
    { type: 'command', name: 'you', request_id: null },
  ],
  [
    { type: 'command', name: 'POST /v1/checkouts/client/:client_secret/confirm', request_id: 'r3' },
    { type: 'command', name: 'you', request_id: null },
  ],
  [
    { type: 'command', name: 'subscription change', request_id: null },
    { type: 'command', name: 'subscription change', request_id: null },
  ],
  [
    { type: 'workflow', name: 'succeedRefund', request_id: null },
    { type: 'workflow', name: 'billing', request_id: null },
  ],
  [
    { type: 'timer', name: 'renewal due', request_id: null },
    { type: 'timer', name: 'renewal due', request_id: null },
  ],
  [
    { type: 'processor_event', name: 'charge failed', request_id: 'r4' },
    { type: 'processor_event', name: 'charge failed', request_id: null },
  ],
] as const)('the customer reads the cause %j as %j', (cause, read) => {
  expect(customerCause(cause)).toEqual(read);
});
