// Benchmark (prints figures; not a test): the public license-key validate call against a bare Koa JSON handler (the
// bare engine's API process, as Bursar's API runs in its own) on the same machine, in the same run — p50/p99 at a fixed offered rate (500 requests/s by default), then the most
// requests per second each answers with `concurrent` in flight (three alternating runs each, the median kept); the
// ratios printed. The 3/s limit is raised for it.
//   npx tsx bench/license-key-validate.bench.ts [rate=500] [seconds=10] [concurrent=32]
import { benchOrganization, percentile, startBenchApi, writeResults, type Figure } from './bench-stack';

const [rate = 500, seconds = 10, concurrent = 32] = process.argv.slice(2).map(Number);

interface Run {
  latencies: number[];
  failures: number;
  elapsedMs: number;
}

/** Open loop: one request every 1/rate s whatever the answers, each timed from when it was due. */
async function atRate(send: () => Promise<Response>): Promise<Run> {
  const total = rate * seconds;
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      send().then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
        latencies.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(pending);
  return { latencies: latencies.sort((a, b) => a - b), failures, elapsedMs: performance.now() - started };
}

/** Closed loop: `concurrent` clients sending as fast as answers come, for `seconds`. */
async function flatOut(send: () => Promise<Response>): Promise<Run> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrent }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const response = await send();
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), failures, elapsedMs: performance.now() - started };
}

const perSecond = (run: Run) => (run.latencies.length / run.elapsedMs) * 1000;
const medianRun = (runs: Run[]) => [...runs].sort((a, b) => perSecond(a) - perSecond(b))[Math.floor(runs.length / 2)];

const figures = (run: Run) => ({
  perSecond: perSecond(run),
  p50: percentile(run.latencies, 50),
  p99: percentile(run.latencies, 99),
  failures: run.failures,
});

async function main(): Promise<void> {
  const stack = await startBenchApi();
  const { env, base } = stack;
  const { organizationId, api } = await benchOrganization(stack, [
    'products:write',
    'checkouts:write',
    'benefits:write',
    'license_keys:read',
  ]);

  // A key granted the way customers get one: a product with a license-keys benefit, bought through a checkout.
  const benefit = await api('POST', '/v1/benefits/', {
    type: 'license_keys',
    description: 'Bench licence',
    properties: { prefix: 'BENCH' },
  });
  const product = await api('POST', '/v1/products/', {
    name: 'Bench app',
    prices: [{ amount_type: 'fixed', price_amount: 1900 }],
  });
  await api('POST', `/v1/products/${product.id}/benefits`, { benefits: [benefit.id] });
  const checkout = await api('POST', '/v1/checkouts/', {
    products: [product.id],
    customer_email: 'bench@example.com',
    customer_billing_address: { country: 'DE' },
  });
  const confirmed = await fetch(`${base}/v1/checkouts/client/${checkout.client_secret}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirmation_token_id: 'pm_card_visa' }),
  });
  if (confirmed.status !== 200) throw new Error(`checkout confirm: ${confirmed.status} ${await confirmed.text()}`);
  let key: string | undefined;
  while (!key) {
    key = (await api('GET', `/v1/license-keys/?benefit_id=${benefit.id}`)).items[0]?.key;
    if (!key) await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const body = JSON.stringify({ key, organization_id: organizationId });
  const validate = () =>
    fetch(`${base}/v1/customer-portal/license-keys/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
  const bareEngine = await stack.startBare();
  const koa = () =>
    fetch(`${bareEngine.base}/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  await flatOut(validate); // warm-up: JIT, connection pools
  const openLoop: [string, Run][] = [
    [`bare Koa, ${rate}/s offered`, await atRate(koa)],
    [`validate, ${rate}/s offered`, await atRate(validate)],
  ];
  // The closed-loop runs alternate, bare then validate, three times, and each side keeps its median run: this machine's
  // speed drifts by ±15 % from one run to the next, which one pair would read as a change in the ratio.
  const pairs: [Run, Run][] = [];
  for (let round = 0; round < 3; round++) pairs.push([await flatOut(koa), await flatOut(validate)]);
  for (const [bare, validated] of pairs)
    console.log(
      `closed-loop pair: bare ${perSecond(bare).toFixed(0)}/s, validate ${perSecond(validated).toFixed(0)}/s`,
    );
  const runs: [string, Run][] = [
    ...openLoop,
    [`bare Koa, ${concurrent} in flight (median of 3)`, medianRun(pairs.map(([bare]) => bare))],
    [`validate, ${concurrent} in flight (median of 3)`, medianRun(pairs.map(([, validated]) => validated))],
  ];
  const rows = runs.map(([name, run]): [string, ReturnType<typeof figures>] => [name, figures(run)]);
  console.log('\n| run | requests/s | p50 ms | p99 ms | non-200 |\n|---|---|---|---|---|');
  for (const [name, f] of rows)
    console.log(`| ${name} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.failures} |`);
  const [bareRate, validateRate, bareMax, validateMax] = rows.map(([, f]) => f);
  console.log(
    `\nvalidate / bare Koa: ${((validateRate.perSecond / bareRate.perSecond) * 100).toFixed(0)} % of requests/s at ${rate}/s offered, ` +
      `${((validateMax.perSecond / bareMax.perSecond) * 100).toFixed(0)} % of the most requests/s (${concurrent} in flight); ` +
      `p99 ${validateRate.p99.toFixed(1)} ms vs ${bareRate.p99.toFixed(1)} ms`,
  );
  const reported: Figure[] = rows.flatMap(([name, f], i) => {
    if (name.startsWith('bare')) return [];
    const bare = rows[i - 1][1];
    const baseline = (value: number) => ({ name: rows[i - 1][0], value });
    return [
      { name: `${name}: requests/s`, value: f.perSecond, unit: 'requests/s', baseline: baseline(bare.perSecond) },
      { name: `${name}: p50`, value: f.p50, unit: 'ms', baseline: baseline(bare.p50) },
      { name: `${name}: p99`, value: f.p99, unit: 'ms', baseline: baseline(bare.p99) },
      { name: `${name}: non-200 answers`, value: f.failures, unit: 'requests', target: '≤ 0' },
    ];
  });
  reported.push({
    name: `validate requests/s as a share of bare Koa's, ${concurrent} in flight`,
    value: (validateMax.perSecond / bareMax.perSecond) * 100,
    unit: '%',
    target: '≥ 70',
  });
  writeResults('license-key-validate', {
    figures: reported,
    series: Object.fromEntries(runs.map(([name, run]) => [`latencies ${name}`, run.latencies])),
  });
  const [{ validations }] = await env.orm.em
    .fork()
    .execute<{ validations: number }[]>('select validations from license_key where key = ?', [key]);
  console.log(`validations recorded on the key: ${validations}`);
  await stack.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
