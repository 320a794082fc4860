// Benchmark (prints figures; not a test): invoice PDFs through the API — POST /v1/orders/{id}/invoice until GET
// answers the signed URL — first one at a time (over a fifth of the orders, at most 30), then over the rest with
// `concurrent` requests in flight: p50/p99 and invoices per second, against rendering the same PDF in-process (the
// renderer alone, one at a time) in the same run.
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
  const inBatches = async <T>(count: number, work: (index: number) => Promise<T>, inFlight = concurrent) => {
    const results: T[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
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

  /** POST, then GET every `pollMs` until the URL is there: the time from the POST to the URL. */
  const invoice = async (orderId: string, pollMs: number) => {
    const begun = performance.now();
    const accepted = await api('POST', `/v1/orders/${orderId}/invoice`);
    if (accepted.status !== 202) throw new Error(`invoice refused: ${JSON.stringify(accepted.body)}`);
    while ((await api('GET', `/v1/orders/${orderId}/invoice`)).status !== 200)
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    return performance.now() - begun;
  };
  const single = Math.min(30, Math.floor(orderCount / 5));
  const oneAtATime = (await inBatches(single, (i) => invoice(orderIds[i], 5), 1)).sort((a, b) => a - b);
  const rest = orderIds.slice(single);
  console.log(`Generating ${rest.length} invoices, ${concurrent} in flight…`);
  const started = performance.now();
  const completions: number[] = [];
  const latencies = await inBatches(rest.length, async (i) => {
    const latency = await invoice(rest[i], 50);
    completions.push(performance.now() - started);
    return latency;
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
  const renders: number[] = [];
  for (let i = 0; i < 100; i++) {
    const renderStarted = performance.now();
    await renderBillingDocument(invoiceDocument(sample, items, context, new Date()));
    renders.push(performance.now() - renderStarted);
  }
  renders.sort((a, b) => a - b);
  const renderPerSecond = 1000 / (renders.reduce((sum, ms) => sum + ms, 0) / renders.length);

  console.log(
    `one at a time (${single}): POST → downloadable URL p50 ${pct(oneAtATime, 50).toFixed(0)} ms; the renderer alone p50 ${pct(renders, 50).toFixed(1)} ms`,
  );
  console.log(`invoices: ${rest.length} in ${seconds.toFixed(1)} s → ${(rest.length / seconds).toFixed(1)} invoices/s`);
  console.log(
    `POST → downloadable URL: p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms`,
  );
  console.log(`renderer alone (in-process, one at a time): ${renderPerSecond.toFixed(1)} PDFs/s`);
  writeResults('invoice', {
    figures: [
      {
        name: `invoices, ${concurrent} in flight`,
        value: rest.length / seconds,
        unit: 'invoices/s',
        baseline: { name: 'renderer alone', value: renderPerSecond },
      },
      {
        name: 'POST → downloadable URL one at a time: p50',
        value: pct(oneAtATime, 50),
        unit: 'ms',
        baseline: { name: 'the renderer alone p50', value: pct(renders, 50) },
      },
      {
        name: 'POST → downloadable URL p50 ÷ the renderer alone p50',
        value: pct(oneAtATime, 50) / pct(renders, 50),
        unit: '×',
        target: '≤ 2',
      },
      { name: `POST → downloadable URL, ${concurrent} in flight: p50`, value: pct(latencies, 50), unit: 'ms' },
      { name: 'POST → downloadable URL: p99', value: pct(latencies, 99), unit: 'ms' },
    ],
    series: {
      'latencies POST → URL one at a time': oneAtATime,
      'latencies the renderer alone': renders,
      [`latencies POST → URL, ${concurrent} in flight`]: latencies,
      'completions invoices': completions,
    },
  });
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
