// Every tier model in every currency through a real purchase and three renewals on a test clock: graduated, volume
// (capped) and package metered prices, a seat price of "base + per additional seat" with a flat fee per tier, and a
// plain fixed price, each in USD (a New York buyer, 4 % added), EUR (a German consumer, 19 % included) and JPY (a
// Japanese buyer, 10 % included). Fifteen subscriptions, each on its own clock, run side by side; usage (or seats)
// change every period to land on tier edges. Every order — each line's label and amount, subtotal, tax and total — is
// compared with the calculation below, written from the README's rules and sharing no code with src/.
import { startHarness, type TestHarness } from '../support/harness';
import { advance, ordersOf, subscribe, SUBSCRIPTION_SCOPES, type Call } from '../support/subscriptions';

type Currency = 'usd' | 'eur' | 'jpy';
const CURRENCIES: Currency[] = ['usd', 'eur', 'jpy'];

/** Who buys in each currency: the organization maps Germany to the euro and Japan to the yen; the rest pay dollars. */
const BUYERS: Record<Currency, { address: Record<string, string>; rate: number; inclusive: boolean }> = {
  // New York's state rate, added on top
  usd: {
    address: { country: 'US', state: 'NY', line1: '350 5th Ave', city: 'New York', postal_code: '10118' },
    rate: 0.04,
    inclusive: false,
  },
  eur: { address: { country: 'DE' }, rate: 0.19, inclusive: true }, // German VAT, included in the price
  jpy: { address: { country: 'JP' }, rate: 0.1, inclusive: true }, // Japanese consumption tax, included
};

interface Tier {
  bound: number | null;
  unit_amount: string;
}
interface Metered {
  kind: 'metered';
  base: number;
  type: 'graduated' | 'volume';
  tiers: Tier[];
  cap?: number;
  pkg?: { size: number; rounding: 'up' | 'down' };
  /** Units used in each of the three periods. */
  usage: [number, number, number];
}
interface SeatTier {
  min_seats: number;
  max_seats?: number;
  price_per_seat: number;
  flat_amount?: number;
}
interface Seats {
  kind: 'seats';
  tiers: SeatTier[];
  /** Seats bought, then the seats each renewal bills (changed for the next period during the one before). */
  seats: [number, number, number, number];
}
interface Fixed {
  kind: 'fixed';
  amount: number;
}
type Plan = Metered | Seats | Fixed;

/** The five models, per currency: names, tier tables and each period's quantities. */
const MODELS: { name: string; plans: Record<Currency, Plan> }[] = [
  {
    name: 'Graduated API',
    plans: {
      usd: {
        kind: 'metered',
        base: 1000,
        type: 'graduated',
        tiers: [
          { bound: 1000, unit_amount: '0' },
          { bound: 10_000, unit_amount: '0.5' },
          { bound: null, unit_amount: '0.2' },
        ],
        usage: [1000, 1001, 12_345], // the free tier's edge; one unit past it (half a cent, rounded up); all three
      },
      eur: {
        kind: 'metered',
        base: 900,
        type: 'graduated',
        tiers: [
          { bound: 500, unit_amount: '1' },
          { bound: 5000, unit_amount: '0.45' },
          { bound: null, unit_amount: '0.125' },
        ],
        usage: [0, 500, 5004],
      },
      jpy: {
        kind: 'metered',
        base: 1500,
        type: 'graduated',
        tiers: [
          { bound: 100, unit_amount: '0' },
          { bound: 1000, unit_amount: '2' },
          { bound: null, unit_amount: '0.75' },
        ],
        usage: [1, 1000, 1001],
      },
    },
  },
  {
    name: 'Volume API',
    plans: {
      usd: {
        kind: 'metered',
        base: 1000,
        type: 'volume',
        cap: 6000,
        tiers: [
          { bound: 100, unit_amount: '10' },
          { bound: 1000, unit_amount: '8' },
          { bound: null, unit_amount: '5' },
        ],
        usage: [100, 101, 1500],
      },
      eur: {
        kind: 'metered',
        base: 900,
        type: 'volume',
        cap: 5000,
        tiers: [
          { bound: 50, unit_amount: '20' },
          { bound: 500, unit_amount: '12.5' },
          { bound: null, unit_amount: '7.5' },
        ],
        usage: [51, 500, 501],
      },
      jpy: {
        kind: 'metered',
        base: 1500,
        type: 'volume',
        cap: 2500,
        tiers: [
          { bound: 100, unit_amount: '3' },
          { bound: 1000, unit_amount: '2' },
          { bound: null, unit_amount: '1' },
        ],
        usage: [0, 1001, 3000],
      },
    },
  },
  {
    name: 'Block API',
    plans: {
      usd: {
        kind: 'metered',
        base: 1000,
        type: 'graduated',
        pkg: { size: 1000, rounding: 'up' },
        tiers: [
          { bound: 10, unit_amount: '500' },
          { bound: null, unit_amount: '300' },
        ],
        usage: [2500, 12_001, 1000],
      },
      eur: {
        kind: 'metered',
        base: 900,
        type: 'volume',
        pkg: { size: 100, rounding: 'up' },
        tiers: [
          { bound: 10, unit_amount: '150' },
          { bound: null, unit_amount: '99.5' },
        ],
        usage: [1, 1000, 1001],
      },
      jpy: {
        kind: 'metered',
        base: 1500,
        type: 'graduated',
        pkg: { size: 1000, rounding: 'up' },
        tiers: [
          { bound: 5, unit_amount: '200' },
          { bound: null, unit_amount: '150' },
        ],
        usage: [0, 5000, 5001],
      },
    },
  },
  {
    name: 'Team',
    plans: {
      usd: {
        kind: 'seats',
        tiers: [
          { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 5000 },
          { min_seats: 6, max_seats: 20, price_per_seat: 800 },
          { min_seats: 21, price_per_seat: 600, flat_amount: 1000 },
        ],
        seats: [5, 6, 20, 21],
      },
      eur: {
        kind: 'seats',
        tiers: [
          { min_seats: 1, max_seats: 3, price_per_seat: 0, flat_amount: 3900 },
          { min_seats: 4, price_per_seat: 990 },
        ],
        seats: [1, 3, 4, 10],
      },
      jpy: {
        kind: 'seats',
        tiers: [
          { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 6000 },
          { min_seats: 6, max_seats: 10, price_per_seat: 1000 },
          { min_seats: 11, price_per_seat: 800, flat_amount: 500 },
        ],
        seats: [6, 10, 11, 5],
      },
    },
  },
  {
    name: 'Basic',
    plans: {
      usd: { kind: 'fixed', amount: 1000 },
      eur: { kind: 'fixed', amount: 900 },
      jpy: { kind: 'fixed', amount: 1500 },
    },
  },
];

// ---- The independent calculation (README: "Tiered prices", "Our additions to tiers", tax per currency) ----

const DECIMALS: Record<Currency, number> = { usd: 2, eur: 2, jpy: 0 };

/** A decimal string as a fraction of integers: "12.5" → [125n, 10n]. */
function fraction(decimal: string): [bigint, bigint] {
  const [whole, part = ''] = decimal.split('.');
  return [BigInt(whole + part), 10n ** BigInt(part.length)];
}

/** numerator / denominator (both ≥ 0) rounded half-up to an integer. */
const halfUp = (numerator: bigint, denominator: bigint) => Number((2n * numerator + denominator) / (2n * denominator));

/** A decimal string moved `places` to the left, without trailing zeros: ("0.5", 2) → "0.005", ("500", 2) → "5". */
function shifted(decimal: string, places: number): string {
  const [digits, scale] = fraction(decimal);
  const s = scale.toString().length - 1 + places;
  const text = digits.toString().padStart(s + 1, '0');
  const whole = text.slice(0, text.length - s);
  const rest = text.slice(text.length - s).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/** "USD 1,234.56", "JPY 5,000". */
function money(amount: number, currency: Currency): string {
  const d = DECIMALS[currency];
  const sign = amount < 0 ? '-' : '';
  const units = Math.floor(Math.abs(amount) / 10 ** d).toLocaleString('en-US');
  const cents = d ? `.${String(Math.abs(amount) % 10 ** d).padStart(d, '0')}` : '';
  return `${currency.toUpperCase()} ${sign}${units}${cents}`;
}

type Line = [label: string, amount: number];

/**
 * The usage lines of a metered price: units counted in blocks when it has a package (a partial block rounded as it
 * says), then graduated — each tier's share of the count at its rate, a line per tier reached — or volume — the whole
 * count at the rate of the tier holding it, one line. No usage is one line of the first tier for 0. Each line is
 * rounded once, half-up; a cap takes the excess off the sum in a line of its own.
 */
function usageLines(plan: Metered, units: number, currency: Currency): Line[] {
  const { pkg } = plan;
  const count = !pkg ? units : pkg.rounding === 'up' ? Math.ceil(units / pkg.size) : Math.floor(units / pkg.size);
  const what = pkg ? 'blocks' : 'units';
  const head =
    `API calls — ${units} units (${units} consumed, 0 credited)` +
    (pkg ? ` in ${count} ${what} of ${pkg.size} (rounded ${pkg.rounding})` : '');
  const lower = (i: number) => (i === 0 ? 0 : plan.tiers[i - 1].bound!);
  const holding = plan.tiers.findIndex((t) => t.bound === null || count <= t.bound);
  const parts: [tier: number, quantity: number][] =
    plan.type === 'volume'
      ? [[holding, count]]
      : plan.tiers.slice(0, holding + 1).map((t, i) => [i, Math.min(count, t.bound ?? count) - lower(i)]);
  const lines = parts.map(([i, quantity]): Line => {
    const tier = plan.tiers[i];
    const range = tier.bound === null ? `${lower(i) + 1} and up` : `${lower(i) + 1} to ${tier.bound}`;
    const rate = `${currency.toUpperCase()} ${shifted(tier.unit_amount, DECIMALS[currency])}`;
    const [n, d] = fraction(tier.unit_amount);
    return [
      `${head}, ${plan.type === 'volume' ? 'volume ' : ''}tier ${i + 1} (${what} ${range}): ${quantity} ${what} × ${rate}`,
      halfUp(BigInt(quantity) * n, d),
    ];
  });
  const sum = lines.reduce((total, [, amount]) => total + amount, 0);
  if (plan.cap !== undefined && sum > plan.cap)
    lines.push([`API calls — capped at ${money(plan.cap, currency)}`, plan.cap - sum]);
  return lines;
}

/** Graduated seat tiers: each tier reached bills its seats at its rate plus its flat fee. */
function seatParts(plan: Seats, seats: number): { tier: SeatTier; i: number; count: number; amount: number }[] {
  return plan.tiers
    .map((tier, i) => ({ tier, i, count: Math.min(seats, tier.max_seats ?? seats) - tier.min_seats + 1 }))
    .filter(({ count }) => count > 0)
    .map((p) => ({ ...p, amount: p.count * p.tier.price_per_seat + (p.tier.flat_amount ?? 0) }));
}

/** The period's charge: one line, or a seat price's line per tier (its seats, rate and fee). */
function periodLines(name: string, plan: Plan, seats: number, period: string, currency: Currency): Line[] {
  const label = `${name} — ${period}`;
  if (plan.kind === 'fixed') return [[label, plan.amount]];
  if (plan.kind === 'metered') return [[label, plan.base]];
  return seatParts(plan, seats).map(({ tier, i, count, amount }) => {
    const range = tier.max_seats === undefined ? `${tier.min_seats} and up` : `${tier.min_seats} to ${tier.max_seats}`;
    const fee = tier.flat_amount ? ` + ${money(tier.flat_amount, currency)} flat` : '';
    const rate = money(tier.price_per_seat, currency);
    return [`${label}, tier ${i + 1} (seats ${range}): ${count} seats × ${rate}${fee}`, amount];
  });
}

/** An order's amounts: tax once on its subtotal, carved out (net rounded half-up) or added (rounded half-up). */
function orderOf(lines: Line[], currency: Currency) {
  const subtotal = lines.reduce((total, [, amount]) => total + amount, 0);
  const { rate, inclusive } = BUYERS[currency];
  const perMillion = BigInt(Math.round(rate * 1_000_000));
  const tax = inclusive
    ? subtotal - halfUp(BigInt(subtotal) * 1_000_000n, 1_000_000n + perMillion)
    : halfUp(BigInt(subtotal) * perMillion, 1_000_000n);
  return { items: lines, subtotal, tax, total: inclusive ? subtotal : subtotal + tax };
}

const PERIODS = ['2025-01-01', '2025-02-01', '2025-03-01', '2025-04-01', '2025-05-01'];

/** The four orders a plan makes: the purchase (one line, the product's name), then three renewals. */
function expectedOrders(name: string, plan: Plan, currency: Currency) {
  const seats = plan.kind === 'seats' ? plan.seats : [0, 0, 0, 0];
  const first = periodLines(name, plan, seats[0], '', currency).reduce((total, [, amount]) => total + amount, 0);
  const renewals = [1, 2, 3].map((n) => {
    const period = `From ${PERIODS[n]} to ${PERIODS[n + 1]}`;
    const lines = periodLines(name, plan, seats[n], period, currency);
    if (plan.kind === 'metered') lines.push(...usageLines(plan, plan.usage[n - 1], currency));
    return { reason: 'subscription_cycle', ...orderOf(lines, currency) };
  });
  return [{ reason: 'subscription_create', ...orderOf([[name, first]], currency) }, ...renewals];
}

// ---- Through the API ----

let h: TestHarness;
let call: Call;

beforeAll(async () => {
  h = await startHarness();
  await h.startWorker('sandbox');
  const scopes = [...SUBSCRIPTION_SCOPES, 'meters:write', 'events:write', 'organizations:write'] as const;
  const org = await h.organization([...scopes], 'sandbox');
  call = (method, path, json, headers) =>
    h.request(method, path, { token: org.token, environment: 'sandbox', json, headers });
  const mapped = await call('PATCH', `/v1/organizations/${org.id}`, {
    default_presentment_currency: 'usd',
    currency_by_country: { DE: 'eur', JP: 'jpy' },
  });
  expect(mapped.status).toBe(200);
}, 60_000);
afterAll(() => h?.close());

/** The product of a model, priced in the three currencies; metered models on one meter of API calls. */
async function productOf(name: string, plans: Record<Currency, Plan>, meterId: string): Promise<string> {
  const prices = CURRENCIES.flatMap((currency): Record<string, unknown>[] => {
    const plan = plans[currency];
    const price_currency = currency;
    if (plan.kind === 'fixed') return [{ amount_type: 'fixed', price_currency, price_amount: plan.amount }];
    if (plan.kind === 'seats')
      return [
        {
          amount_type: 'seat_based',
          price_currency,
          seat_tiers: { seat_tier_type: 'graduated', tiers: plan.tiers },
        },
      ];
    return [
      { amount_type: 'fixed', price_currency, price_amount: plan.base },
      {
        amount_type: 'metered_tiers',
        price_currency,
        meter_id: meterId,
        tiers: { type: plan.type, tiers: plan.tiers },
        ...(plan.cap !== undefined && { cap_amount: plan.cap }),
        ...(plan.pkg && { package: plan.pkg }),
      },
    ];
  });
  const created = await call(
    'POST',
    '/v1/products/',
    { name, recurring_interval: 'month', prices },
    { 'Polar-Version': '2026-10' },
  );
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Buys `plan` on 2025-01-01 as the currency's buyer; each period: its usage or next seats, then the renewal. */
async function run(productId: string, plan: Plan, currency: Currency) {
  const buyer = BUYERS[currency];
  const { clockId, subscription } = await subscribe(h, call, {
    product: productId,
    start: `${PERIODS[0]}T00:00:00Z`,
    address: buyer.address,
    ...(plan.kind === 'seats' && { seats: plan.seats[0] }),
  });
  expect(subscription).toMatchObject({ currency, status: 'active' });
  const customerId: string = subscription.customer_id;
  for (let n = 1; n <= 3; n++) {
    await advance(call, clockId, `${PERIODS[n - 1].slice(0, 8)}15T00:00:00Z`);
    if (plan.kind === 'metered' && plan.usage[n - 1] > 0) {
      const ingested = await call('POST', '/v1/events/ingest', {
        events: [{ name: 'api.call', customer_id: customerId, metadata: { units: plan.usage[n - 1] } }],
      });
      expect(ingested.body).toEqual({ inserted: 1, duplicates: 0 });
    }
    if (plan.kind === 'seats' && plan.seats[n] !== plan.seats[n - 1]) {
      const change = { seats: plan.seats[n], proration_behavior: 'next_period' };
      const changed = await call('PATCH', `/v1/subscriptions/${subscription.id}`, change);
      expect(changed.status).toBe(200);
    }
    await advance(call, clockId, `${PERIODS[n]}T00:00:00Z`);
  }
  return (await ordersOf(call, customerId)).map((o) => ({
    reason: o.billing_reason,
    status: o.status,
    currency: o.currency,
    items: o.items.map((item: any): Line => [item.label, item.amount]),
    subtotal: o.subtotal_amount,
    tax: o.tax_amount,
    total: o.total_amount,
  }));
}

/** Each model's run in each currency, started together once the products exist; an error kept for its own test. */
let runs: Promise<Map<string, Awaited<ReturnType<typeof run>> | Error>>;

beforeAll(() => {
  runs = (async () => {
    const meter = await call('POST', '/v1/meters/', {
      name: 'API calls',
      filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'api.call' }] },
      aggregation: { func: 'sum', property: 'units' },
    });
    expect(meter.status).toBe(201);
    const products = await Promise.all(MODELS.map(({ name, plans }) => productOf(name, plans, meter.body.id)));
    const done = await Promise.all(
      MODELS.flatMap(({ name, plans }, m) =>
        CURRENCIES.map(async (currency) => {
          const result = await run(products[m], plans[currency], currency).catch((error: Error) => error);
          return [`${name} ${currency}`, result] as const;
        }),
      ),
    );
    return new Map(done);
  })();
  runs.catch(() => undefined); // reported by every test below
});

describe.each(MODELS.map(({ name, plans }) => [name, plans] as const))('%s', (name, plans) => {
  test.each(CURRENCIES)(
    'in %s: the purchase and three renewals, line by line, to the minor unit',
    async (currency) => {
      const result = (await runs).get(`${name} ${currency}`);
      if (result instanceof Error) throw result;
      const expected = expectedOrders(name, plans[currency], currency).map((o) => ({ ...o, status: 'paid', currency }));
      expect(result).toEqual(expected);
    },
    120_000,
  );
});
