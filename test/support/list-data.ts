// A varied organization for the list pages' tests: products of every price type (one archived, one with an archived
// price), benefits, discounts, customers (one deleted) through the API; subscriptions (active, trialing, past due,
// canceled and ended, with a discount, a pending update), orders (one-time and renewals, pending, refunded, with
// several items) and license keys (granted and revoked) written with SQL, as the list benchmark seeds them.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

type Api = (method: string, path: string, json?: unknown) => Promise<any>;

/** Seeded again into the same organization, it adds as much again (`round` keeps document numbers unique). */
export async function seedListData(api: Api, em: EntityManager, organizationId: string, round = 1): Promise<void> {
  const licenses = await api('POST', '/v1/benefits/', {
    type: 'license_keys',
    description: 'Licence',
    properties: { prefix: 'LIST', limit_activations: 3 },
  });
  const perk = await api('POST', '/v1/benefits/', { type: 'custom', description: 'Priority support', properties: {} });
  const meter = await api('POST', '/v1/meters/', {
    name: 'API calls',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
    aggregation: { func: 'sum', property: 'units' },
  });
  const product = async (body: Record<string, unknown>, benefits: string[] = []) => {
    const created = await api('POST', '/v1/products/', body);
    if (benefits.length) await api('POST', `/v1/products/${created.id}/benefits`, { benefits });
    return created;
  };
  const oneTime = await product(
    { name: 'Ebook', prices: [{ amount_type: 'fixed', price_amount: 1500 }], metadata: { tier: 'gold' } },
    [licenses.id, perk.id],
  );
  const metered = await product(
    {
      name: 'Pro',
      recurring_interval: 'month',
      prices: [
        { amount_type: 'fixed', price_amount: 1000 },
        { amount_type: 'metered_unit', meter_id: meter.id, unit_amount: '0.050', cap_amount: 100_000 },
      ],
    },
    [licenses.id],
  );
  const seats = await product({
    name: 'Team',
    recurring_interval: 'year',
    prices: [{ amount_type: 'seat_based', seat_tiers: { tiers: [{ min_seats: 1, price_per_seat: 900 }] } }],
  });
  const payWhatYouWant = await product({
    name: 'Tip jar',
    prices: [{ amount_type: 'custom', minimum_amount: 500, preset_amount: 2000, price_currency: 'eur' }],
  });
  const free = await product({ name: 'Free tier', recurring_interval: 'month', prices: [{ amount_type: 'free' }] });
  const archived = await product({ name: 'Old plan', prices: [{ amount_type: 'fixed', price_amount: 700 }] });
  await api('PATCH', `/v1/products/${archived.id}`, { is_archived: true });
  const repriced = await product({ name: 'Repriced', prices: [{ amount_type: 'fixed', price_amount: 300 }] });
  await api('PATCH', `/v1/products/${repriced.id}`, { prices: [{ amount_type: 'fixed', price_amount: 400 }] });

  const percent = await api('POST', '/v1/discounts/', {
    name: 'Launch',
    type: 'percentage',
    basis_points: 2000,
    duration: 'once',
  });
  const fixed = await api('POST', '/v1/discounts/', {
    name: 'Loyal',
    type: 'fixed',
    amount: 200,
    currency: 'usd',
    duration: 'repeating',
    duration_in_months: 3,
    products: [metered.id],
  });

  const customer = (body: Record<string, unknown>) => api('POST', '/v1/customers/', body);
  const ada = await customer({
    email: `ada-${randomUUID()}@example.com`,
    name: 'Ada',
    external_id: `ada-${randomUUID()}`,
    metadata: { tier: 'gold', seats: 3 },
    billing_address: { country: 'GB', city: 'London' },
  });
  const bob = await customer({ email: `bob-${randomUUID()}@example.com` });
  const cy = await customer({ email: `cy-${randomUUID()}@example.com`, name: 'Cy', metadata: { tier: 'silver' } });
  const gone = await customer({ email: `gone-${randomUUID()}@example.com`, name: 'Gone' });
  await api('DELETE', `/v1/customers/${gone.id}`);

  const price = (p: { prices: { id: string; is_archived: boolean }[] }, archivedPrice = false) =>
    p.prices.find((x) => x.is_archived === archivedPrice)?.id ?? p.prices[0].id;
  const subscription = async (fields: Record<string, unknown>) => {
    const id = randomUUID();
    const row: Record<string, unknown> = {
      id,
      organization_id: organizationId,
      status: 'active',
      currency: 'usd',
      recurring_interval: 'month',
      recurring_interval_count: 1,
      price_amount: 1000,
      amount: 1000,
      anchor_day: 1,
      current_period_start: '2026-01-01T00:00:00Z',
      current_period_end: '2026-02-01T00:00:00Z',
      started_at: '2026-01-01T00:00:00Z',
      billing_address: JSON.stringify({ country: 'DE' }),
      tax_behavior: 'inclusive',
      metadata: '{}',
      custom_field_data: '{}',
      created_at: new Date(Date.now() - Math.random() * 1e9),
      ...fields,
    };
    await insert(em, 'subscription', row);
    return id;
  };
  const s1 = await subscription({
    customer_id: ada.id,
    product_id: metered.id,
    price_id: metered.prices[0].id,
    discount_id: fixed.id,
    amount: 800,
    metadata: JSON.stringify({ plan: 'pro' }),
    custom_field_data: JSON.stringify({ company: 'Analytical Engines' }),
  });
  const s2 = await subscription({
    customer_id: bob.id,
    product_id: seats.id,
    price_id: seats.prices[0].id,
    recurring_interval: 'year',
    seats: 5,
    price_amount: 4500,
    amount: 4500,
    status: 'canceled',
    canceled_at: '2026-01-10T00:00:00Z',
    ended_at: '2026-01-10T00:00:00Z',
    ends_at: '2026-01-10T00:00:00Z',
    customer_cancellation_reason: 'too_expensive',
    customer_cancellation_comment: 'Pricey',
    modified_at: '2026-01-10T00:00:00Z',
  });
  await subscription({
    customer_id: cy.id,
    product_id: free.id,
    price_id: free.prices[0].id,
    price_amount: 0,
    amount: 0,
    status: 'trialing',
    trial_start: '2026-01-01T00:00:00Z',
    trial_end: '2026-01-15T00:00:00Z',
    cancel_at_period_end: true,
    ends_at: '2026-02-01T00:00:00Z',
  });
  const s4 = await subscription({
    customer_id: gone.id,
    product_id: metered.id,
    price_id: metered.prices[0].id,
    pending_update: JSON.stringify({
      id: randomUUID(),
      createdAt: '2026-01-05T00:00:00.000Z',
      appliesAt: '2026-02-01T00:00:00.000Z',
      productId: seats.id,
      seats: 2,
    }),
  });
  const s5 = await subscription({
    customer_id: cy.id,
    product_id: seats.id,
    price_id: seats.prices[0].id,
    seats: 2,
    status: 'past_due',
    past_due_at: '2026-02-01T00:00:00Z',
  });

  const order = async (fields: Record<string, unknown>, items: Record<string, unknown>[]) => {
    const id = randomUUID();
    const created_at = new Date(Date.now() - Math.random() * 1e9);
    const net = items.reduce((sum: number, item) => sum + Number(item.amount), 0);
    await insert(em, 'order', {
      id,
      organization_id: organizationId,
      status: 'paid',
      billing_reason: 'purchase',
      currency: 'usd',
      subtotal_amount: net,
      discount_amount: 0,
      net_amount: net,
      tax_amount: Math.round(net * 0.19),
      total_amount: net + Math.round(net * 0.19),
      billing_name: 'Buyer',
      billing_address: JSON.stringify({ country: 'DE' }),
      description: 'An order',
      tax_behavior: 'exclusive',
      paid_at: created_at,
      created_at,
      invoice_number: `INV-${id.slice(0, 8)}`, // Bursar numbers every order as it writes it
      ...fields,
    });
    for (const [position, item] of items.entries())
      await insert(em, 'order_item', {
        id: randomUUID(),
        order_id: id,
        label: `Line ${position}`,
        tax_amount: Math.round(Number(item.amount) * 0.19),
        proration: false,
        position,
        created_at,
        ...item,
      });
  };
  await order(
    {
      customer_id: ada.id,
      product_id: oneTime.id,
      product_price_id: oneTime.prices[0].id,
      metadata: JSON.stringify({ source: 'ads' }),
      custom_field_data: JSON.stringify({ vat: 'yes' }),
      invoice_number: `INV-${round}`,
      invoice_path: 'invoices/inv-0001.pdf',
      receipt_number: `RCT-${round}`,
      modified_at: new Date(),
    },
    [{ amount: 1500, product_price_id: oneTime.prices[0].id }],
  );
  await order(
    {
      customer_id: ada.id,
      product_id: metered.id,
      product_price_id: metered.prices[0].id,
      subscription_id: s1,
      cycle_key: `${s1}:2026-01-01`,
      billing_reason: 'subscription_cycle',
      discount_id: fixed.id,
      subtotal_amount: 1300,
      discount_amount: 200,
    },
    [
      { amount: 1000, product_price_id: metered.prices[0].id },
      { amount: 300, product_price_id: metered.prices[1].id, proration: true, label: 'Usage' },
      { amount: -200, product_price_id: null, label: 'Credit' },
    ],
  );
  await order(
    {
      customer_id: cy.id,
      product_id: seats.id,
      product_price_id: seats.prices[0].id,
      subscription_id: s5,
      cycle_key: `${s5}:2026-02-01`,
      billing_reason: 'subscription_cycle',
      status: 'pending',
      paid_at: null,
      next_payment_attempt_at: '2026-02-04T00:00:00Z',
      seats: 2,
    },
    [{ amount: 1800, product_price_id: seats.prices[0].id }],
  );
  await order(
    {
      customer_id: bob.id,
      product_id: payWhatYouWant.id,
      product_price_id: payWhatYouWant.prices[0].id,
      currency: 'eur',
      status: 'partially_refunded',
      refunded_amount: 500,
      refunded_tax_amount: 95,
      discount_id: percent.id,
    },
    [{ amount: 2000, product_price_id: payWhatYouWant.prices[0].id }],
  );
  await order(
    { customer_id: bob.id, product_id: seats.id, subscription_id: s2, billing_reason: 'subscription_create' },
    [{ amount: 4500, product_price_id: seats.prices[0].id }],
  );
  await order({ customer_id: gone.id, product_id: metered.id, subscription_id: s4, status: 'refunded' }, [
    { amount: 1000, product_price_id: metered.prices[0].id },
  ]);
  const repricedOld = price(repriced, true);
  await order({ customer_id: cy.id, product_id: repriced.id, product_price_id: repricedOld, status: 'void' }, [
    { amount: 300, product_price_id: repricedOld },
  ]);
  await order({ customer_id: cy.id, product_id: archived.id, product_price_id: archived.prices[0].id }, [
    { amount: 700, product_price_id: archived.prices[0].id },
  ]);

  const key = async (fields: Record<string, unknown>) => {
    const grant = randomUUID();
    const created_at = new Date(Date.now() - Math.random() * 1e9);
    await insert(em, 'benefit_grant', {
      id: grant,
      organization_id: organizationId,
      customer_id: fields.customer_id,
      benefit_id: licenses.id,
      subscription_id: fields.subscription_id ?? s1,
      granted_at: created_at,
      created_at,
    });
    delete fields.subscription_id;
    await insert(em, 'license_key', {
      id: randomUUID(),
      organization_id: organizationId,
      benefit_id: licenses.id,
      grant_id: grant,
      key: `LIST-${randomUUID()}`,
      status: 'granted',
      created_at,
      ...fields,
    });
  };
  await key({ customer_id: ada.id, limit_activations: 3, usage: 2, limit_usage: 10, validations: 4 });
  await key({
    customer_id: bob.id,
    subscription_id: s2,
    status: 'revoked',
    expires_at: '2026-06-01T00:00:00Z',
    validations: 9,
    last_validated_at: '2026-01-09T12:00:00Z',
    modified_at: '2026-01-10T00:00:00Z',
  });
  await key({ customer_id: gone.id, subscription_id: s4 });
  await key({ customer_id: cy.id, subscription_id: s5, status: 'disabled' });
}

async function insert(em: EntityManager, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  await em.execute(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    columns.map((c) => row[c]),
  );
}
