// Benchmark (prints figures; not a test): invoice PDFs through the API — POST /v1/orders/{id}/invoice until GET
// answers the signed URL — over N paid orders with `concurrent` requests in flight; p50/p99 and invoices per second,
// against rendering the same PDF in-process (the renderer alone) in the same run.
//   npx tsx bench/invoice.bench.ts [orders=500] [concurrent=20]
import { randomUUID } from 'node:crypto';
import { renderBillingDocument } from '../src/adapters/pdf/pdf-renderer';
import { invoiceDocument } from '../src/domains/order/document/invoice-document';
import { Order, OrderItem } from '../src/domains/order/order.entity';
import { inTransaction } from '../src/platform/database/transaction';
import { percentile as pct, startBenchApi, writeResults } from './bench-stack';

const [orderCount = 500, concurrent = 20] = process.argv.slice(2).map(Number);
const ADDRESS = { country: 'DE', line1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117' };

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env, base } = stack;
  const { token } = await inTransaction(env.orm, async ({ em }) => {
    const org = await env.domains.organizations.createOrganization(em, { name: `Bench ${randomUUID()}` });
    return env.domains.accessTokens.create(em, org.id, {
      scopes: ['products:write', 'checkouts:write', 'orders:read'],
    });
  });
  const api = async (method: string, path: string, body?: unknown, auth = true) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const inBatches = async <T>(count: number, work: (index: number) => Promise<T>): Promise<T[]> => {
    const results: T[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrent }, async () => {
        while (next < count) {
          const index = next++;
          results[index] = await work(index);
        }
      }),
    );
    return results;
  };

  const product = (
    await api('POST', '/v1/products/', {
      name: 'Bench handbook',
      prices: [{ amount_type: 'fixed', price_amount: 2500 }],
    })
  ).body;
  console.log(`Buying ${orderCount} orders…`);
  const checkoutIds = await inBatches(orderCount, async (i) => {
    const checkout = (
      await api('POST', '/v1/checkouts/', {
        products: [product.id],
        customer_email: `bench-${i}@example.com`,
        customer_billing_name: `Bench Buyer ${i}`,
        customer_billing_address: ADDRESS,
      })
    ).body;
    await api(
      'POST',
      `/v1/checkouts/client/${checkout.client_secret}/confirm`,
      { confirmation_token_id: 'pm_card_visa' },
      false,
    );
    return checkout.id as string;
  });
  const orderIds: string[] = [];
  for (;;) {
    const rows = await env.orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from "order" where checkout_id in (?) and status = 'paid'`, [checkoutIds]);
    if (rows.length === orderCount) {
      orderIds.push(...rows.map((row) => row.id));
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  console.log(`Generating ${orderCount} invoices, ${concurrent} in flight…`);
  const started = performance.now();
  const completions: number[] = [];
  const latencies = await inBatches(orderCount, async (i) => {
    const begun = performance.now();
    const accepted = await api('POST', `/v1/orders/${orderIds[i]}/invoice`);
    if (accepted.status !== 202) throw new Error(`invoice refused: ${JSON.stringify(accepted.body)}`);
    for (;;) {
      const invoice = await api('GET', `/v1/orders/${orderIds[i]}/invoice`);
      if (invoice.status === 200) {
        completions.push(performance.now() - started);
        return performance.now() - begun;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  // The renderer alone, in this process (after the flow: it blocks the event loop): the ceiling the flow is measured against.
  const em = env.orm.em.fork();
  const sample = await em.findOneOrFail(Order, { id: orderIds[0] });
  const items = await em.find(OrderItem, { orderId: sample.id });
  const context = {
    seller: { name: 'Bursar', addressLines: ['1 Market St'], taxIds: [] },
    merchantName: 'Bench',
    customerName: 'Bench Buyer',
  };
  const renderStarted = performance.now();
  const renders = 100;
  for (let i = 0; i < renders; i++) await renderBillingDocument(invoiceDocument(sample, items, context, new Date()));
  const renderPerSecond = renders / ((performance.now() - renderStarted) / 1000);

  console.log(`invoices: ${orderCount} in ${seconds.toFixed(1)} s → ${(orderCount / seconds).toFixed(1)} invoices/s`);
  console.log(
    `POST → downloadable URL: p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms`,
  );
  console.log(`renderer alone (in-process, one at a time): ${renderPerSecond.toFixed(1)} PDFs/s`);
  writeResults('invoice', {
    figures: [
      {
        name: `invoices, ${concurrent} in flight`,
        value: orderCount / seconds,
        unit: 'invoices/s',
        baseline: { name: 'renderer alone', value: renderPerSecond },
      },
      { name: 'POST → downloadable URL: p50', value: pct(latencies, 50), unit: 'ms' },
      { name: 'POST → downloadable URL: p99', value: pct(latencies, 99), unit: 'ms' },
    ],
    series: { 'latencies POST → URL': latencies, 'completions invoices': completions },
  });
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
