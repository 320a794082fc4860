// N customers with a monthly subscription each, seeded with SQL (a product, a saved sandbox card shared by all), on a
// test clock frozen at `start` or, without one, in real time: the renewal benchmarks' book.
import { randomUUID } from 'node:crypto';
import { ProductCreate } from '../src/contracts/product-create';
import type { EnvironmentContext } from '../src/app/environment';
import { inTransaction } from '../src/platform/database/transaction';

export interface Book {
  organizationId: string;
  clockId: string | null;
  processorCustomer: string;
  ids: string[];
}

export async function seedSubscriptions(
  env: EnvironmentContext,
  count: number,
  { start, periodEnd, testClock }: { start: string; periodEnd: string; testClock: boolean },
): Promise<Book> {
  const processor = env.processor!;
  const { customerId: processorCustomer } = await processor.createCustomer({
    email: 'bench@example.com',
    idempotencyKey: `bench:${randomUUID()}`,
  });
  const method = await processor.savePaymentMethod({
    customerId: processorCustomer,
    confirmationToken: 'pm_card_visa',
    idempotencyKey: `bench:${randomUUID()}`,
  });
  const { organizationId, clockId, productId, priceId } = await inTransaction(env.orm, async (tx) => {
    const org = await env.domains.organizations.createOrganization(tx.em, { name: `Bench ${randomUUID()}` });
    const clock = testClock ? await env.domains.testClocks.create(tx.em, org.id, { frozen_time: start }) : null;
    const product = await env.domains.products.create(
      tx,
      org.id,
      ProductCreate.parse({
        name: 'Monthly',
        recurring_interval: 'month',
        prices: [{ amount_type: 'fixed', price_amount: 1000 }],
      }),
    );
    const [output] = await env.domains.products.outputs(tx.em, [product]);
    return { organizationId: org.id, clockId: clock?.id ?? null, productId: product.id, priceId: output.prices[0].id };
  });
  const em = env.orm.em.fork();
  await em.execute(
    `insert into customer (id, organization_id, email, metadata, test_clock_id, created_at)
     select gen_random_uuid(), ?, 'bench-' || n || '@example.com', '{}', ?, ? from generate_series(1, ?) n`,
    [organizationId, clockId, start, count],
  );
  await em.execute(
    `insert into subscription (id, organization_id, customer_id, product_id, price_id, status, currency, recurring_interval, recurring_interval_count,
       price_amount, amount, anchor_day, current_period_start, current_period_end, started_at, billing_address, tax_behavior,
       processor_customer_id, payment_method_token, test_clock_id, metadata, custom_field_data, created_at)
     select gen_random_uuid(), organization_id, id, ?, ?, 'active', 'usd', 'month', 1, 1000, 1000, extract(day from ?::timestamptz at time zone 'UTC'), ?, ?, ?,
       '{"country": "DE"}', 'inclusive', ?, ?, ?, '{}', '{}', ?
     from customer where organization_id = ?`,
    [
      productId,
      priceId,
      start,
      start,
      periodEnd,
      start,
      processorCustomer,
      method.token,
      clockId,
      start,
      organizationId,
    ],
  );
  const ids = (
    await em.execute<{ id: string }[]>('select id from subscription where organization_id = ?', [organizationId])
  ).map((row) => row.id);
  return { organizationId, clockId, processorCustomer, ids };
}

/** Renewal orders paid, extra renewal orders (a subscription's second) and extra charges (an order's second). */
export async function renewalCounts(env: EnvironmentContext, book: Book) {
  const [counts] = await env.orm.em
    .fork()
    .execute<{ paid: number; extraOrders: number; extraCharges: number; charges: number }[]>(
      `select
       (select count(*) from "order" where organization_id = ? and status = 'paid' and billing_reason = 'subscription_cycle')::int as paid,
       (select count(*) - count(distinct subscription_id) from "order" where organization_id = ? and billing_reason = 'subscription_cycle')::int as "extraOrders",
       (select count(*) - count(distinct split_part(idempotency_key, ':', 2)) from sandbox_processor_charge where customer_id = ?)::int as "extraCharges",
       (select count(*) from sandbox_processor_charge where customer_id = ?)::int as charges`,
      [book.organizationId, book.organizationId, book.processorCustomer, book.processorCustomer],
    );
  return counts;
}
