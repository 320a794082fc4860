// Shadow billing: a 10 % price rise over 200 subscriptions (on ten test clocks, in four countries) simulated over six
// cycles, its per-subscription diff and totals equal to an independent calculation below, while no row of any other
// table changes and nothing enters the outbox but the simulation's own flow; a discount change and a tax rate change;
// and the refusals. The independent calculation imports nothing of src/: its own calendar, VAT table and rounding.
import { startHarness, eventually, type TestHarness } from '../support/harness';
import { SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

let h: TestHarness;
let call: Call;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const org = await h.organization([...SUBSCRIPTION_SCOPES], 'sandbox');
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
}, 60_000);
afterAll(() => h?.close());

// The test's own VAT table (percent) and calendar: a renewal lands on the anchor day, clamped to short months.
const VAT: Record<string, number> = { GB: 20, DE: 19, FR: 20, NL: 21 };
const COUNTRIES = Object.keys(VAT);
/** The organization's prices include tax: the net is the price ÷ (1 + rate), half-up; the tax is the rest. */
const netOf = (price: number, percent: number) => Math.floor((price * 200 + 100 + percent) / (2 * (100 + percent)));
const taxOf = (price: number, percent: number) => price - netOf(price, percent);
function periodStart(start: string, months: number): string {
  const d = new Date(start);
  const [year, month] = [d.getUTCFullYear(), d.getUTCMonth() + months];
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), days);
  return new Date(Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes())).toISOString();
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T, R>(items: readonly T[], width: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

interface Buyer {
  country: string;
  start: string;
  clockId: string;
  discountId?: string;
}

/** Subscribes each buyer to the product through a real checkout confirmed with the sandbox's test card. */
async function checkouts(productId: string, buyers: Buyer[]): Promise<void> {
  await pool(buyers, 6, async (buyer, i) => {
    const checkout = await call('POST', '/v1/checkouts/', {
      products: [productId],
      test_clock_id: buyer.clockId,
      customer_email: `shadow-${i}-${buyer.clockId}@example.com`,
      customer_billing_address: { country: buyer.country },
      ...(buyer.discountId && { discount_id: buyer.discountId }),
    });
    expect(checkout.status).toBe(201);
    const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
      environment: 'sandbox',
      json: { confirmation_token_id: 'pm_card_visa' },
    });
    expect(confirmed.status).toBe(200);
  });
}

async function product(price: number): Promise<string> {
  const created = await call('POST', '/v1/products/', {
    name: `Shadow ${price}`,
    recurring_interval: 'month',
    prices: [{ amount_type: 'fixed', price_amount: price }],
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function clock(frozenTime: string): Promise<string> {
  const created = await call('POST', '/v1/test-clocks/', { frozen_time: frozenTime });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function subscriptionsOf(productId: string, count: number): Promise<any[]> {
  return eventually(
    async () => {
      const all: any[] = [];
      for (let page = 1; ; page++) {
        const listed = await call('GET', `/v1/subscriptions/?product_id=${productId}&limit=100&page=${page}`);
        all.push(...listed.body.items);
        if (page >= listed.body.pagination.max_page) break;
      }
      return all.length === count && all.every((s) => s.status === 'active') ? all : undefined;
    },
    120_000,
    { everyMs: 1000 },
  );
}

/**
 * Every table of the schema but the simulation's own: its row count and a digest of its rows (a token's
 * `last_used_at`, which each API call may stamp, left out), the outbox without the simulations' flow starts.
 */
async function books(): Promise<Record<string, string>> {
  const em = h.env.sandbox.orm.em.fork();
  const tables = await em.execute<{ name: string }[]>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not like 'simulation%'
     order by c.relname`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const where = name === 'outbox_message' ? `where not (t.payload->>'workflowId' like 'simulation:%')` : '';
    const [row] = await em.execute<{ n: string; digest: string | null }[]>(
      `select count(*) as n, md5(string_agg(md5((to_jsonb(t) - 'last_used_at')::text), '' order by
         md5((to_jsonb(t) - 'last_used_at')::text))) as digest from "${name}" t ${where}`,
    );
    out[name] = `${row.n}:${row.digest ?? ''}`;
  }
  return out;
}

/** The books once the flows the seeding started have settled: two looks a second and a half apart agree. */
async function settledBooks(): Promise<Record<string, string>> {
  let before = await books();
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const now = await books();
    if (JSON.stringify(now) === JSON.stringify(before)) return now;
    before = now;
  }
  throw new Error('The books never settled');
}

/** The progress each look at a running simulation saw, and how long the last one took from its request. */
let looks: { done: number; total: number | null }[] = [];
let took = 0;

async function simulate(body: unknown): Promise<any> {
  const asked = Date.now();
  const created = await call('POST', '/v1/simulations/', body);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ status: 'running', progress: { done: 0, total: null } });
  looks = [];
  const done = await eventually(
    async () => {
      const got = await call('GET', `/v1/simulations/${created.body.id}`);
      looks.push(got.body.progress);
      return got.body.status !== 'running' ? got.body : undefined;
    },
    90_000,
    { everyMs: 100 },
  );
  took = Date.now() - asked;
  expect(done).toMatchObject({ status: 'succeeded', error: null });
  return done;
}

async function customersOf(simulationId: string): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const got = await call('GET', `/v1/simulations/${simulationId}/customers?limit=100&page=${page}`);
    expect(got.status).toBe(200);
    all.push(...got.body.items);
    if (page >= got.body.pagination.max_page) return all;
  }
}

const START = '2027-01-03T12:00:00Z';
const EFFECTIVE = '2027-03-15T00:00:00Z';
let rise: { productId: string; subscriptions: any[]; countryOf: Map<string, string> };

test('a 10 % price rise over 200 subscriptions: the diff is the independent one, and the books are untouched', async () => {
  const started = Date.now();
  const productId = await product(1000);
  // Ten clocks three days apart (anchor days 3 to 30: February clamps the 30th), twenty buyers each.
  const clocks = await Promise.all(
    Array.from({ length: 10 }, (_, k) =>
      clock(periodStart(START, 0).replace('-03T', `-${String(3 + 3 * k).padStart(2, '0')}T`)),
    ),
  );
  const buyers = Array.from({ length: 200 }, (_, i) => ({
    country: COUNTRIES[i % 4],
    start: `2027-01-${String(3 + 3 * (i % 10)).padStart(2, '0')}T12:00:00.000Z`,
    clockId: clocks[i % 10],
  }));
  await checkouts(productId, buyers);
  const subscriptions = await subscriptionsOf(productId, 200);
  const seeded = Date.now();
  const customers = await eventually(async () => {
    const listed = await Promise.all(
      [1, 2].map((page) => call('GET', `/v1/customers/?limit=100&page=${page}`).then((r) => r.body.items)),
    );
    return listed.flat().length >= 200 ? listed.flat() : undefined;
  });
  const countryOf = new Map<string, string>(
    subscriptions.map((s) => [s.id, customers.find((c: any) => c.id === s.customer_id).billing_address.country]),
  );
  rise = { productId, subscriptions, countryOf };
  // The first orders confirm the test's VAT table and rounding: 1,000 with the country's VAT included.
  const firstOrders = (await call('GET', `/v1/orders/?product_id=${productId}&limit=100`)).body.items;
  for (const order of firstOrders) {
    expect(order.tax_amount).toBe(taxOf(1000, VAT[order.billing_address.country]));
    expect(order.net_amount).toBe(netOf(1000, VAT[order.billing_address.country]));
  }

  const before = await settledBooks();
  const simulation = await simulate({
    cycles: 6,
    change: {
      type: 'price',
      product_id: productId,
      effective_at: EFFECTIVE,
      price: { amount_type: 'fixed', price_currency: 'usd', price_amount: 1100 },
    },
  });
  expect(simulation.progress).toEqual({ done: 200, total: 200 });
  // Progress moves batch by batch (50 subscriptions each), never back.
  for (const [i, look] of looks.entries()) {
    expect(look.done % 50).toBe(0);
    if (i) expect(look.done).toBeGreaterThanOrEqual(looks[i - 1].done);
  }
  // Nothing of the real books changed: every table's rows, and the outbox holds nothing but the simulation's start.
  expect(await books()).toEqual(before);
  const starts = await h.env.sandbox.orm.em
    .fork()
    .execute(
      `select payload->>'workflowId' as id from outbox_message where payload->>'workflowId' like 'simulation:%'`,
    );
  expect(starts).toEqual([{ id: `simulation:${simulation.id}` }]);

  // The independent calculation: six monthly renewals from each subscription's period end; 1,100 from the effective date.
  let [oldTotal, newTotal, oldRevenue, newRevenue, mrrChange] = [0, 0, 0, 0, 0];
  const months = new Map<string, { old: number; new: number }>();
  const expected = new Map<string, { cycles: any[]; monthly: number; difference: number }>();
  for (const s of subscriptions) {
    const rate = VAT[countryOf.get(s.id)!];
    const cycles = Array.from({ length: 6 }, (_, i) => {
      const start = periodStart(s.started_at, i + 1);
      const price = start >= new Date(EFFECTIVE).toISOString() ? 1100 : 1000;
      const old = { net: netOf(1000, rate), tax: taxOf(1000, rate) };
      const now = { net: netOf(price, rate), tax: taxOf(price, rate) };
      const month = months.get(start.slice(0, 7)) ?? { old: 0, new: 0 };
      months.set(start.slice(0, 7), { old: month.old + old.net, new: month.new + now.net });
      [oldRevenue, newRevenue] = [oldRevenue + old.net, newRevenue + now.net];
      [oldTotal, newTotal] = [oldTotal + old.net + old.tax, newTotal + now.net + now.tax];
      return {
        period_start: start,
        old: { net_amount: old.net, tax_amount: old.tax, total_amount: old.net + old.tax, discount_amount: 0 },
        new: { net_amount: now.net, tax_amount: now.tax, total_amount: now.net + now.tax, discount_amount: 0 },
        difference: now.net + now.tax - old.net - old.tax,
      };
    });
    const monthly = netOf(1100, rate) - netOf(1000, rate);
    mrrChange += monthly;
    expected.set(s.id, { cycles, monthly, difference: cycles.reduce((sum, c) => sum + c.difference, 0) });
  }
  expect(simulation.totals).toEqual([
    {
      currency: 'usd',
      subscriptions: 200,
      customers: 200,
      old_amount: oldTotal,
      new_amount: newTotal,
      difference: newTotal - oldTotal,
      old_revenue: oldRevenue,
      new_revenue: newRevenue,
      monthly_revenue_change: mrrChange,
    },
  ]);
  expect(simulation.months).toEqual(
    [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, m]) => ({
        month,
        currency: 'usd',
        old_revenue: m.old,
        new_revenue: m.new,
        difference: m.new - m.old,
      })),
  );
  const answered = await customersOf(simulation.id);
  expect(answered).toHaveLength(200);
  for (const customer of answered) {
    const [sub] = customer.subscriptions;
    const want = expected.get(sub.subscription_id)!;
    expect(customer).toMatchObject({ difference: want.difference, monthly_revenue_change: want.monthly });
    expect(sub.cycles).toMatchObject(want.cycles);
    expect(sub.cycles[0].old.lines).toEqual([{ label: expect.stringMatching(/^Shadow 1000 — From /), amount: 1000 }]);
  }
  console.log(
    `simulations: 200 checkouts in ${((seeded - started) / 1000).toFixed(1)} s, ` +
      `simulation of 200 × 6 cycles in ${(took / 1000).toFixed(1)} s (progress seen: ` +
      `${[...new Set(looks.map((l) => l.done))].join(', ')})`,
  );
}, 240_000);

test('a tax rate change reaches the subscriptions of that country only', async () => {
  const before = await books();
  const simulation = await simulate({
    cycles: 3,
    change: { type: 'tax_rate', country: 'DE', effective_at: EFFECTIVE, percentage: 21 },
  });
  expect(await books()).toEqual(before);
  const german = rise.subscriptions.filter((s) => rise.countryOf.get(s.id) === 'DE');
  expect(simulation.progress).toEqual({ done: german.length, total: 50 });
  let revenue = 0;
  for (const s of german) {
    for (let i = 1; i <= 3; i++) {
      const after = periodStart(s.started_at, i) >= new Date(EFFECTIVE).toISOString();
      revenue += netOf(1000, after ? 21 : 19);
    }
  }
  // Prices include tax: the customers pay the same, the merchant keeps less.
  expect(simulation.totals).toEqual([
    {
      currency: 'usd',
      subscriptions: 50,
      customers: 50,
      old_amount: 150 * 1000,
      new_amount: 150 * 1000,
      difference: 0,
      old_revenue: 150 * netOf(1000, 19),
      new_revenue: revenue,
      monthly_revenue_change: 50 * (netOf(1000, 21) - netOf(1000, 19)),
    },
  ]);
}, 120_000);

test('a discount change: new terms from the effective date, its duration counted from its first use', async () => {
  const productId = await product(2000);
  const discount = await call('POST', '/v1/discounts/', {
    name: 'Shadow 20 % for 3 months',
    type: 'percentage',
    basis_points: 2000,
    duration: 'repeating',
    duration_in_months: 3,
  });
  expect(discount.status).toBe(201);
  const clockId = await clock('2027-01-10T12:00:00Z');
  const buyers = COUNTRIES.map((country) => ({
    country,
    start: '2027-01-10T12:00:00Z',
    clockId,
    discountId: discount.body.id,
  }));
  await checkouts(productId, buyers);
  const subscriptions = await subscriptionsOf(productId, 4);
  const before = await settledBooks();
  // 50 % forever from the renewal of 10 March: February's 20 %, then 50 % every month (the old terms ran out in April).
  const simulation = await simulate({
    cycles: 4,
    change: {
      type: 'discount',
      discount_id: discount.body.id,
      effective_at: '2027-03-01T00:00:00Z',
      discount_type: 'percentage',
      basis_points: 5000,
      duration: 'forever',
    },
  });
  expect(await books()).toEqual(before);
  expect(simulation.progress).toEqual({ done: 4, total: 4 });
  const customers = await customersOf(simulation.id);
  const oldPaid = [1600, 1600, 2000, 2000];
  const newPaid = [1600, 1000, 1000, 1000];
  let [oldRevenue, newRevenue] = [0, 0];
  for (const customer of customers) {
    const s = subscriptions.find((x) => x.customer_id === customer.customer_id);
    const rate = VAT[(await call('GET', `/v1/customers/${s.customer_id}`)).body.billing_address.country];
    const cycles = customer.subscriptions[0].cycles;
    expect(cycles.map((c: any) => c.old.total_amount)).toEqual(oldPaid);
    expect(cycles.map((c: any) => c.new.total_amount)).toEqual(newPaid);
    expect(cycles.map((c: any) => c.old.net_amount)).toEqual(oldPaid.map((p) => netOf(p, rate)));
    expect(cycles.map((c: any) => c.new.net_amount)).toEqual(newPaid.map((p) => netOf(p, rate)));
    expect(cycles.map((c: any) => c.old.discount_amount)).toEqual([400, 400, 0, 0]);
    expect(cycles.map((c: any) => c.new.discount_amount)).toEqual([400, 1000, 1000, 1000]);
    expect(customer.monthly_revenue_change).toBe(netOf(1000, rate) - netOf(2000, rate));
    oldRevenue += oldPaid.reduce((sum, p) => sum + netOf(p, rate), 0);
    newRevenue += newPaid.reduce((sum, p) => sum + netOf(p, rate), 0);
  }
  expect(simulation.totals).toEqual([
    expect.objectContaining({
      old_amount: 4 * 7200,
      new_amount: 4 * 4600,
      difference: 4 * (4600 - 7200),
      old_revenue: oldRevenue,
      new_revenue: newRevenue,
    }),
  ]);
}, 120_000);

test('a seat tier table: each subscription’s seats rated at the draft tiers, a line per tier', async () => {
  const tiers = (type: string, list: unknown[]) => ({ seat_tier_type: type, tiers: list });
  const created = await call('POST', '/v1/products/', {
    name: 'Shadow seats',
    recurring_interval: 'month',
    prices: [
      {
        amount_type: 'seat_based',
        seat_tiers: tiers('volume', [
          { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
          { min_seats: 5, price_per_seat: 800 },
        ]),
      },
    ],
  });
  expect(created.status).toBe(201);
  const clockId = await clock('2027-01-20T12:00:00Z');
  for (const seats of [3, 6]) {
    const checkout = await call('POST', '/v1/checkouts/', {
      products: [created.body.id],
      test_clock_id: clockId,
      customer_email: `seats-${seats}@example.com`,
      customer_billing_address: { country: 'GB' },
      seats,
    });
    expect(checkout.status).toBe(201);
    const confirmed = await h.request('POST', `/v1/checkouts/client/${checkout.body.client_secret}/confirm`, {
      environment: 'sandbox',
      json: { confirmation_token_id: 'pm_card_visa' },
    });
    expect(confirmed.status).toBe(200);
  }
  const subscriptions = await subscriptionsOf(created.body.id, 2);
  // Graduated from 20 February: 3 seats × 9.00 = 27.00; 6 seats = 4 × 9.00 + 2 × 7.00 + a 5.00 fee = 55.00.
  const simulation = await simulate({
    cycles: 2,
    change: {
      type: 'price',
      product_id: created.body.id,
      effective_at: '2027-02-20T12:00:00Z',
      price: {
        amount_type: 'seat_based',
        seat_tiers: tiers('graduated', [
          { min_seats: 1, max_seats: 4, price_per_seat: 900 },
          { min_seats: 5, price_per_seat: 700, flat_amount: 500 },
        ]),
      },
    },
  });
  const customers = await customersOf(simulation.id);
  const of = (seats: number) =>
    customers.find((c) => c.customer_id === subscriptions.find((s) => s.seats === seats).customer_id).subscriptions[0];
  expect(of(3).cycles.map((c: any) => [c.old.total_amount, c.new.total_amount])).toEqual([
    [3000, 2700],
    [3000, 2700],
  ]);
  const six = of(6).cycles[0];
  expect(six.old.lines.map((l: any) => l.amount)).toEqual([4800]);
  expect(six.new.lines).toEqual([
    { label: expect.stringContaining('tier 1 (seats 1 to 4): 4 seats × '), amount: 3600 },
    { label: expect.stringContaining('tier 2 (seats 5 and up): 2 seats × '), amount: 1900 },
  ]);
  expect(six).toMatchObject({ new: { total_amount: 5500, net_amount: netOf(5500, 20) }, difference: 700 });
  expect(simulation.totals[0]).toMatchObject({
    difference: 2 * (700 - 300),
    monthly_revenue_change: netOf(5500, 20) - netOf(4800, 20) + netOf(2700, 20) - netOf(3000, 20),
  });
}, 120_000);

test('refusals: unknown product or discount, bad cycle counts, a date in the past, a US rate without its state', async () => {
  const base = { type: 'price', effective_at: EFFECTIVE, price: { amount_type: 'fixed', price_amount: 1100 } };
  const refused = async (body: unknown, status: number, loc?: string[]) => {
    const answer = await call('POST', '/v1/simulations/', body);
    expect(answer.status).toBe(status);
    if (loc) expect(answer.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
  };
  const unknown = '00000000-0000-4000-8000-000000000000';
  await refused({ cycles: 3, change: { ...base, product_id: unknown } }, 422, ['body', 'change', 'product_id']);
  await refused({ cycles: 3, change: { type: 'gift' } }, 422, ['body', 'change', 'type']);
  await refused({ cycles: 3, change: { ...base, product_id: unknown } }, 422, ['body', 'change', 'product_id']);
  await refused({ cycles: 0, change: { ...base, product_id: rise.productId } }, 422, ['body', 'cycles']);
  await refused({ cycles: 25, change: { ...base, product_id: rise.productId } }, 422, ['body', 'cycles']);
  await refused(
    { cycles: 3, change: { ...base, product_id: rise.productId, effective_at: '2020-01-01T00:00:00Z' } },
    422,
    ['body', 'change', 'effective_at'],
  );
  await refused(
    {
      cycles: 3,
      change: {
        ...base,
        product_id: rise.productId,
        price: { amount_type: 'seat_based', seat_tiers: { tiers: [{ min_seats: 1, price_per_seat: 500 }] } },
      },
    },
    422,
    ['body', 'change', 'price', 'amount_type'],
  );
  await refused(
    {
      cycles: 3,
      change: {
        type: 'discount',
        discount_id: unknown,
        effective_at: EFFECTIVE,
        discount_type: 'percentage',
        basis_points: 100,
        duration: 'forever',
      },
    },
    422,
    ['body', 'change', 'discount_id'],
  );
  await refused(
    { cycles: 3, change: { type: 'tax_rate', country: 'US', effective_at: EFFECTIVE, percentage: 8 } },
    422,
    ['body', 'change', 'state'],
  );
  expect((await call('GET', `/v1/simulations/${unknown}`)).status).toBe(404);
  const listed = await call('GET', '/v1/simulations/?limit=100');
  expect(listed.status).toBe(200);
  expect(listed.body.pagination.total_count).toBe(4);
});
