// Shadow billing's pure rules, with hand-computed tables: what a draft reprices, the discount terms and the tax it
// gives (from its effective date only), what it refuses, and each subscription's diff and the simulation's sums.
import {
  draftDiscount,
  draftIssues,
  draftPriceAmount,
  draftTax,
  inEffect,
} from '../../src/domains/simulation/simulation-draft.logic';
import { simulationSums, subscriptionDiff, type Renewal } from '../../src/domains/simulation/simulation-diff.logic';

const seller = { country: 'US' };
const effective = '2027-03-15T00:00:00Z';
const rate = (country: string, state: string | null, percentage: number) =>
  ({ type: 'tax_rate', country, state, effective_at: effective, percentage }) as const;

test.each([
  ['before the date', '2027-03-14T23:59:59Z', false],
  ['on the date', '2027-03-15T00:00:00Z', true],
  ['after it', '2027-04-01T00:00:00Z', true],
])('a draft is in effect %s', (_name, at, expected) => {
  expect(inEffect({ effective_at: effective }, new Date(at))).toBe(expected);
});

test.each([
  ['fixed 11.00', { amount_type: 'fixed', price_currency: 'usd', price_amount: 1100 }, null, 1100],
  [
    'volume seats: 5 seats in tier 2 at 8.00',
    {
      amount_type: 'seat_based',
      price_currency: 'usd',
      seat_tiers: {
        seat_tier_type: 'volume',
        tiers: [
          { min_seats: 1, max_seats: 3, price_per_seat: 1000 },
          { min_seats: 4, max_seats: null, price_per_seat: 800 },
        ],
      },
    },
    5,
    4000,
  ],
  [
    'graduated seats: 3 × 10.00 + 2 × 8.00 + a 5.00 fee',
    {
      amount_type: 'seat_based',
      price_currency: 'usd',
      seat_tiers: {
        seat_tier_type: 'graduated',
        tiers: [
          { min_seats: 1, max_seats: 3, price_per_seat: 1000 },
          { min_seats: 4, max_seats: null, price_per_seat: 800, flat_amount: 500 },
        ],
      },
    },
    5,
    3000 + 1600 + 500,
  ],
] as const)('a draft price of %s', (_name, price, seats, expected) => {
  expect(draftPriceAmount(price as never, seats)).toBe(expected);
});

test.each([
  // 10.00 exclusive at 21 % instead of 19 %: 2.10.
  ['DE exclusive, after the date', 'DE', 'exclusive', 1000, '2027-04-01', rate('DE', null, 21), 210],
  // 10.00 inclusive at 21 %: net 1000 / 1.21 = 826.45 → 826, tax 174.
  ['DE inclusive', 'DE', 'inclusive', 1000, '2027-04-01', rate('DE', null, 21), 174],
  ['DE before the date', 'DE', 'exclusive', 1000, '2027-03-01', rate('DE', null, 21), undefined],
  ['another country', 'FR', 'exclusive', 1000, '2027-04-01', rate('DE', null, 21), undefined],
  // California at 8.875 %: 10.00 → 0.8875 → 0.89.
  ['a US state', 'US-CA', 'exclusive', 1000, '2027-04-01', rate('US', 'CA', 8.875), 89],
  // A credit gets its tax back at the draft rate.
  ['a net credit', 'DE', 'exclusive', -1000, '2027-04-01', rate('DE', null, 21), -210],
] as const)('draft tax: %s', (_name, place, behavior, taxable, at, change, expected) => {
  const [country, state] = place.split('-');
  const buyer = { address: { country, state: state ?? null }, taxId: null, isBusiness: false };
  expect(draftTax(seller, buyer, behavior, taxable, new Date(at), change)).toBe(expected);
});

test('draft tax leaves a reverse charge alone (an EU business with a valid VAT ID)', () => {
  const buyer = { address: { country: 'DE' }, taxId: 'DE136695976', isBusiness: true };
  expect(draftTax(seller, buyer, 'exclusive', 1000, new Date('2027-04-01'), rate('DE', null, 21))).toBe(0);
});

test('a draft discount takes the new terms and keeps the rest', () => {
  const discount = {
    id: 'd',
    type: 'percentage' as const,
    basisPoints: 2000,
    amounts: null,
    duration: 'repeating' as const,
    durationInMonths: 3,
  };
  const change = {
    type: 'discount',
    discount_id: 'd',
    effective_at: effective,
    discount_type: 'fixed',
    amount: 500,
    currency: 'usd',
    duration: 'forever',
  } as const;
  expect(draftDiscount(discount, change)).toEqual({
    id: 'd',
    type: 'fixed',
    basisPoints: null,
    amounts: { usd: 500 },
    duration: 'forever',
    durationInMonths: null,
  });
  // A fixed discount's other currencies stay as they were: only the draft's currency changes.
  const fixed = { ...discount, type: 'fixed' as const, basisPoints: null, amounts: { usd: 300, eur: 250 } };
  expect(draftDiscount(fixed, change).amounts).toEqual({ usd: 500, eur: 250 });
});

test('draft refusals name their field', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const locs = (change: unknown) => draftIssues(change as never, now).map((i) => i.loc.join('.'));
  expect(locs({ ...rate('US', null, 8), effective_at: '2026-11-30T00:00:00Z' })).toEqual([
    'body.change.effective_at',
    'body.change.state',
  ]);
  expect(
    locs({ type: 'discount', effective_at: effective, discount_type: 'percentage', duration: 'repeating' }),
  ).toEqual(['body.change.basis_points', 'body.change.duration_in_months']);
  expect(locs(rate('DE', null, 21))).toEqual([]);
});

const renewal = (start: string, net: number, tax: number, discount = 0): Renewal => ({
  periodStart: start,
  periodEnd: start,
  lines: [{ label: 'Plan', amount: net + tax + discount }],
  discountAmount: discount,
  netAmount: net,
  taxAmount: tax,
  totalAmount: net + tax,
});

test('a subscription diff: cycles side by side, sums, and the MRR change at the last cycle', () => {
  const run = {
    subscriptionId: 's1',
    customerId: 'c1',
    productId: 'p1',
    currency: 'usd',
    interval: 'month' as const,
    intervalCount: 1,
    old: [renewal('2027-02-03T12:00:00Z', 1000, 200), renewal('2027-03-03T12:00:00Z', 1000, 200)],
    new: [renewal('2027-02-03T12:00:00Z', 1000, 200), renewal('2027-03-03T12:00:00Z', 1100, 220)],
  };
  const diff = subscriptionDiff(run);
  expect(diff).toMatchObject({
    old_amount: 2400,
    new_amount: 2520,
    difference: 120,
    old_revenue: 2000,
    new_revenue: 2100,
    monthly_revenue_change: 100,
  });
  expect(diff.cycles.map((c) => c.difference)).toEqual([0, 120]);
  // Yearly: the last cycle's 1,200 more a year is 100 more a month.
  const yearly = subscriptionDiff({
    ...run,
    interval: 'year',
    old: [renewal('2027-02-03T12:00:00Z', 12000, 0)],
    new: [renewal('2027-02-03T12:00:00Z', 13200, 0)],
  });
  expect(yearly.monthly_revenue_change).toBe(100);

  const other = subscriptionDiff({ ...run, subscriptionId: 's2', old: run.old.slice(1), new: run.new.slice(1) });
  const sums = simulationSums([
    { customerId: 'c1', result: diff },
    { customerId: 'c1', result: other },
  ]);
  expect(sums.totals).toEqual([
    {
      currency: 'usd',
      subscriptions: 2,
      customers: 1,
      old_amount: 3600,
      new_amount: 3840,
      difference: 240,
      old_revenue: 3000,
      new_revenue: 3200,
      monthly_revenue_change: 200,
    },
  ]);
  expect(sums.months).toEqual([
    { month: '2027-02', currency: 'usd', old_revenue: 1000, new_revenue: 1000, difference: 0 },
    { month: '2027-03', currency: 'usd', old_revenue: 2000, new_revenue: 2200, difference: 200 },
  ]);
});
