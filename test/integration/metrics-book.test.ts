// A year-long book on one test clock — 30 customers in USD and EUR through trials (converted and canceled),
// upgrades and downgrades, pauses, cancellations with reasons, failed renewals recovered or revoked, refunds and
// one-time purchases — and GET /v1/metrics/ equal, for every metric of every month, to the independent calculation
// of test/support/metrics-calculator.ts over the facts the webhooks carried; month edges in three time zones.
import { eventually, startHarness, type TestHarness } from '../support/harness';
import { openBook, PRICES, type Book } from '../support/metrics-book';
import { yearOf } from '../support/metrics-book-year';
import { calculate, type Calculated, type Facts, type Figures, type Owned } from '../support/metrics-calculator';
import { factsFrom } from '../support/metrics-facts';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

jest.setTimeout(300_000);

let h: TestHarness;
let receiver: Receiver;
let book: Book;
let facts: Facts;

beforeAll(async () => {
  h = await startHarness({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await h.startWorker('sandbox');
  receiver = await startReceiver();
  book = await openBook(h, receiver.url, '2025-01-01T08:00:00Z');
  const monthStarts = Array.from({ length: 13 }, (_, m) => new Date(Date.UTC(2025, m, 1)).toISOString());
  const steps = [
    ...yearOf(book, 'usd', 0),
    ...yearOf(book, 'eur', 1),
    ...monthStarts.map((t) => [t, async () => {}] as const),
  ];
  steps.sort(([a], [b]) => Date.parse(a) - Date.parse(b));
  for (const [time, run] of steps) {
    await book.advanceTo(time); // month by month at least
    await run();
  }
  await book.advanceTo('2026-01-02T00:00:00Z');
  facts = await settledFacts();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});

/** The facts once every webhook about the book's orders, refunds, checkouts and subscriptions has arrived. */
async function settledFacts(): Promise<Facts> {
  const all = async (path: string) => {
    const items: any[] = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const listed = (await book.call('GET', `${path}?limit=100&page=${page}`)).body;
      items.push(...listed.items);
      pages = listed.pagination.max_page;
    }
    return items;
  };
  const [orders, refunds, checkouts, subscriptions] = [
    (await all('/v1/orders/')).filter((o) => o.paid),
    (await all('/v1/refunds/')).filter((r) => r.status === 'succeeded'),
    await all('/v1/checkouts/'),
    await all('/v1/subscriptions/'),
  ];
  let got = factsFrom(receiver.received);
  const missing = () => ({
    orders: orders.length - got.orders.length,
    refunds: refunds.length - got.refunds.length,
    checkouts: checkouts.length - got.checkouts.length,
    subscriptions: subscriptions.filter((s) => got.states.get(s.id)?.at(-1)?.status !== s.status).length,
  });
  await eventually(
    async () => {
      got = factsFrom(receiver.received);
      return Object.values(missing()).every((n) => n === 0);
    },
    60_000,
    { what: `every fact delivered by webhook (missing ${JSON.stringify(missing())})` },
  );
  return got;
}

const metrics = async (query: Record<string, string>) => {
  const params = new URLSearchParams({ start_date: '2025-01-01', end_date: '2025-12-31', interval: 'month', ...query });
  const answer = await book.call('GET', `/v1/metrics/?${params}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The API's figures for the slugs the calculation has, every period and the totals, amounts and counts exact. */
function expectSame(
  label: string,
  got: { periods: (Figures & { timestamp: string })[]; totals: Figures },
  want: Calculated,
) {
  const pick = (figures: Figures, keys: string[]) => Object.fromEntries(keys.map((k) => [k, figures[k]]));
  const slugs = Object.keys(want.totals);
  // Every metric the API answers is one the calculation checks, and the other way round.
  expect({ label, slugs: Object.keys(got.totals).sort() }).toEqual({ label, slugs: [...slugs].sort() });
  // An instant with its offset (the reference's form) or in UTC: compared as instants.
  const instant = (timestamp: string) => new Date(timestamp).toISOString();
  expect({ label, timestamps: got.periods.map((p) => instant(p.timestamp)) }).toEqual({
    label,
    timestamps: want.timestamps,
  });
  want.periods.forEach((period, i) =>
    expect({ label, month: want.timestamps[i], ...pick(got.periods[i], slugs) }).toEqual({
      label,
      month: want.timestamps[i],
      ...pick(period, slugs),
    }),
  );
  expect({ label, totals: pick(got.totals, slugs) }).toEqual({ label, totals: want.totals });
}

test('the book is what the year made of it: 30 customers in two currencies, every kind of fact', () => {
  const subscriptions = [...facts.states.values()];
  expect(subscriptions).toHaveLength(28);
  const statuses = (...list: string[]) =>
    subscriptions.filter((states) => states.some((s) => list.includes(s.status))).length;
  expect({
    trialing: statuses('trialing'),
    paused: statuses('paused'),
    pastDue: statuses('past_due'),
    canceled: statuses('canceled'),
    currencies: [...new Set(facts.orders.map((o) => o.currency))].sort(),
    reasons: [...new Set(facts.orders.map((o) => o.billingReason))].sort(),
    refunds: facts.refunds.length,
  }).toEqual({
    trialing: 6,
    paused: 4,
    pastDue: 6,
    canceled: 10,
    currencies: ['eur', 'usd'],
    reasons: ['purchase', 'subscription_create', 'subscription_cycle'],
    refunds: 6,
  });
  expect(facts.checkouts.filter((c) => !c.succeeded)).toHaveLength(2);
  // Every fact happened at the clock's time (2025), none at the wall clock's.
  const times = [facts.orders, facts.refunds, facts.checkouts, ...facts.states.values()].flat().map((f) => f.at);
  expect(times.filter((at) => at < Date.parse('2025-01-01') || at > Date.parse('2026-01-02'))).toEqual([]);
  // A discount ends: the same subscription at half and then full price.
  const discounted = [...facts.states.values()].filter((states) => states[0].amount * 2 === states.at(-1)!.amount);
  expect(discounted.map((states) => states[0].currency).sort()).toEqual(['eur', 'usd']);
  // A trial spans the end of March (trial MRR and trialing at a period's end are not only zeros).
  const year = { start: '2025-01-01', end: '2025-12-31', timezone: 'UTC', currency: 'usd' };
  const march = calculate(facts, { ...year, countsInAllCurrencies: true }).periods[2];
  expect(march).toMatchObject({ trial_monthly_recurring_revenue: PRICES.trial.usd, trialing_subscriptions: 2 });
});

// The year in three time zones, and part of it from mid-month (flows counted from start_date, stocks at end_date+1).
describe.each([
  ['UTC', '2025-01-01', '2025-12-31'],
  ['America/New_York', '2025-01-01', '2025-12-31'],
  ['Asia/Tokyo', '2025-01-01', '2025-12-31'],
  ['Europe/Berlin', '2025-04-15', '2025-09-20'],
])('in %s from %s to %s', (timezone, start, end) => {
  test.each(['usd', 'eur'] as const)(
    'every metric of every month in %s equals the independent calculation',
    async (currency) => {
      const got = await metrics({ timezone, currency, start_date: start, end_date: end });
      expect(got.currency).toBe(currency);
      expect(Object.keys(got.currencies).sort()).toEqual(['eur', 'usd']);
      const query = { start, end, timezone, currency };
      expectSame(`${timezone} ${currency}`, got, calculate(facts, { ...query, countsInAllCurrencies: true }));
      for (const each of ['usd', 'eur'] as const) {
        const alone = calculate(facts, { ...query, currency: each, countsInAllCurrencies: false });
        expectSame(`${timezone} currencies.${each}`, got.currencies[each], alone);
      }
    },
  );
});

// Filters: a product (a plan change moves its subscription in or out), a billing type, customers.
describe('filtered by', () => {
  const changedPlans = () =>
    [...facts.states.values()].filter((states) => new Set(states.map((s) => s.productId)).size === 2);
  test.each([
    ['product_id (Pro)', () => ({ product_id: book.products.pro }), (f: Owned) => f.productId === book.products.pro],
    ['billing_type one_time', () => ({ billing_type: 'one_time' }), (f: Owned) => f.productId === book.products.course],
    [
      'billing_type recurring',
      () => ({ billing_type: 'recurring' }),
      (f: Owned) => f.productId !== book.products.course,
    ],
    [
      'customer_id (the plan changers)',
      () => changedPlans().map((states) => ['customer_id', states[0].customerId!] as [string, string]),
      (f: Owned) => changedPlans().some((states) => states[0].customerId === f.customerId),
    ],
  ] as const)('%s: every metric of every month equals the calculation', async (_name, params, filter) => {
    const query = new URLSearchParams({ start_date: '2025-01-01', end_date: '2025-12-31', interval: 'month' });
    const extra = params();
    for (const [key, value] of Array.isArray(extra) ? extra : Object.entries(extra)) query.append(key, value);
    const answer = await book.call('GET', `/v1/metrics/?${query}&currency=usd`);
    expect(answer.status).toBe(200);
    const year = { start: '2025-01-01', end: '2025-12-31', timezone: 'UTC', filter };
    const want = calculate(facts, { ...year, currency: 'usd', countsInAllCurrencies: true });
    expectSame(`${_name} usd`, answer.body, want);
    for (const each of ['usd', 'eur'] as const) {
      const alone = calculate(facts, { ...year, currency: each, countsInAllCurrencies: false });
      expectSame(`${_name} currencies.${each}`, answer.body.currencies[each], alone);
    }
  });
});

test('a purchase at 23:30 UTC on a month’s last day, or 00:30 UTC on its first, lands in the month of the time zone', async () => {
  const month = (figures: { periods: Figures[] }, i: number) => figures.periods[i].one_time_products_revenue;
  // USD: Jan 31 23:30 UTC is Jan 31 in New York, Feb 1 in Tokyo; Mar 1 00:30 UTC is Feb 28 in New York.
  // EUR: the same on Apr 30 and Jun 1.
  const { usd, eur } = { usd: PRICES.course.usd, eur: PRICES.course.eur };
  for (const [timezone, usdMonths, eurMonths] of [
    ['UTC', [usd, 0, usd], [eur, 0, eur]],
    ['America/New_York', [usd, usd, 0], [eur, eur, 0]],
    ['Asia/Tokyo', [0, usd, usd], [0, eur, eur]],
  ] as const) {
    const got = await metrics({ timezone, currency: 'usd' });
    expect({ timezone, usd: [0, 1, 2].map((i) => month(got.currencies.usd, i)) }).toEqual({ timezone, usd: usdMonths });
    expect({ timezone, eur: [3, 4, 5].map((i) => month(got.currencies.eur, i)) }).toEqual({ timezone, eur: eurMonths });
    const calculated = calculate(facts, {
      start: '2025-01-01',
      end: '2025-12-31',
      timezone,
      currency: 'eur',
      countsInAllCurrencies: false,
    });
    expect([3, 4, 5].map((i) => month(calculated, i))).toEqual(eurMonths);
  }
});
