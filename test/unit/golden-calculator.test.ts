// The golden grid's reference calculator against cases worked out by hand from the README's rules. Every expected
// number is computed in the comment beside it, never by the calculator's own helpers.
import { expectedOf } from '../golden/calculator';
import { taxShares } from '../golden/calculator/money';
import type { Buyer, Expected, Order, Scenario } from '../golden/scenario';

const DE: Buyer = { country: 'DE' };
const DE_B2B: Buyer = { country: 'DE', taxId: 'DE136695976' };
const NY: Buyer = { country: 'US', state: 'NY', postalCode: '10001', line1: '1 Main St', city: 'New York' };
const OR: Buyer = { country: 'US', state: 'OR', postalCode: '97201', line1: '1 Main St', city: 'Portland' };
const MONTH = { unit: 'month', count: 1 } as const;

const scenario = (s: Partial<Scenario>): Scenario => ({
  id: 'hand',
  currency: 'usd',
  price: { model: 'fixed', amount: 1000 },
  interval: MONTH,
  trial: null,
  discount: null,
  buyer: OR,
  start: '2027-01-01T00:00:00.000Z',
  actions: [],
  until: '2027-01-01T01:00:00.000Z',
  ...s,
});

/** An order: lines as amounts, `p` suffix for a proration line. */
function order(
  reason: Order['billing_reason'],
  status: Order['status'],
  lines: (number | `${number}p`)[],
  [subtotal, discount, net, tax]: [number, number, number, number],
  [refunded, refundedTax]: [number, number] = [0, 0],
): Order {
  return {
    billing_reason: reason,
    status,
    // the lines' shares of the tax are checked apart (`withoutLineTax`)
    lines: lines.map((l) => ({
      amount: Number(String(l).replace('p', '')),
      proration: String(l).endsWith('p'),
      tax_amount: 0,
    })),
    subtotal_amount: subtotal,
    discount_amount: discount,
    net_amount: net,
    tax_amount: tax,
    // Inclusive (DE): total = net + tax = subtotal − discount; exclusive: net + tax.
    total_amount: net + tax,
    refunded_amount: refunded,
    refunded_tax_amount: refundedTax,
  };
}

const cases: [string, Scenario, Expected][] = [
  [
    // 15 % of 1000 = 150 → 850, VAT carved out: 850 / 1.19 = 714.29 → 714, tax 136. Periods start Jan 15, Feb 15,
    // Mar 15 (≤ Jan 15 + 2 months): discounted; Apr 15: not (1000 / 1.19 = 840.34 → 840, tax 160).
    'DE consumer, 15 % repeating 3 months, 3 renewals',
    scenario({
      currency: 'eur',
      buyer: DE,
      discount: { type: 'percentage', basisPoints: 1500, duration: 'repeating', months: 3 },
      start: '2027-01-15T12:00:00.000Z',
      until: '2027-04-15T13:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 150, 714, 136]),
        order('subscription_cycle', 'paid', [1000], [1000, 150, 714, 136]),
        order('subscription_cycle', 'paid', [1000], [1000, 150, 714, 136]),
        order('subscription_cycle', 'paid', [1000], [1000, 0, 840, 160]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1000, mrr: 1000 },
    },
  ],
  [
    // ¥1999 × 15 % = 299.85 → 300; 1699 / 1.19 = 1427.73 → 1428, tax 271.
    'JPY one-time purchase, DE consumer, 15 % off',
    scenario({
      currency: 'jpy',
      interval: null,
      buyer: DE,
      price: { model: 'fixed', amount: 1999 },
      discount: { type: 'percentage', basisPoints: 1500, duration: 'forever' },
    }),
    { orders: [order('purchase', 'paid', [1999], [1999, 300, 1428, 271])], refunds: [], subscription: null },
  ],
  [
    // EU business with a valid VAT id, seller in the US: reverse charge, no tax.
    'DE business, reverse charge',
    scenario({ currency: 'eur', buyer: DE_B2B, price: { model: 'fixed', amount: 1799 } }),
    {
      orders: [order('subscription_create', 'paid', [1799], [1799, 0, 1799, 0])],
      refunds: [],
      subscription: { status: 'active', amount: 1799, mrr: 1799 },
    },
  ],
  [
    // NY 4 % added: (1999 − 300) × 0.04 = 67.96 → 68; the discount is once, so the renewal is 1999 × 0.04 = 79.96 → 80.
    'US NY, fixed 300 off once',
    scenario({
      buyer: NY,
      price: { model: 'fixed', amount: 1999 },
      discount: { type: 'fixed', amount: 300, duration: 'once' },
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1999], [1999, 300, 1699, 68]),
        order('subscription_cycle', 'paid', [1999], [1999, 0, 1999, 80]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1999, mrr: 1999 },
    },
  ],
  [
    // 1234 units graduated: 100 × 0 = 0, 900 × 1.5 = 1350, 234 × 0.75 = 175.5 → 176; sum 1526 capped at 1000 (−526).
    // The next period has no usage: one line of the first tier at 0.
    'graduated metered tiers with a cap, then a period without usage',
    scenario({
      price: {
        model: 'metered_tiers',
        base: 1999,
        tierType: 'graduated',
        tiers: [
          { bound: 100, unit_amount: '0' },
          { bound: 1000, unit_amount: '1.5' },
          { bound: null, unit_amount: '0.75' },
        ],
        cap: 1000,
      },
      actions: [{ at: '2027-01-20T00:00:00.000Z', kind: 'usage', units: 1234 }],
      until: '2027-03-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1999], [1999, 0, 1999, 0]),
        // 1999 + 0 + 1350 + 176 − 526 = 2999
        order('subscription_cycle', 'paid', [-526, 0, 176, 1350, 1999], [2999, 0, 2999, 0]),
        order('subscription_cycle', 'paid', [0, 1999], [1999, 0, 1999, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1999, mrr: 1999 },
    },
  ],
  [
    // 1234 units volume: all at the third tier, 1234 × 0.75 = 925.5 → 926, capped at 900 (−26). NY: 2899 × 0.04 = 115.96 → 116.
    'volume metered tiers with a cap, NY',
    scenario({
      buyer: NY,
      price: {
        model: 'metered_tiers',
        base: 1999,
        tierType: 'volume',
        tiers: [
          { bound: 100, unit_amount: '0' },
          { bound: 1000, unit_amount: '1.5' },
          { bound: null, unit_amount: '0.75' },
        ],
        cap: 900,
      },
      actions: [{ at: '2027-01-20T00:00:00.000Z', kind: 'usage', units: 1234 }],
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        // 1999 × 0.04 = 79.96 → 80
        order('subscription_create', 'paid', [1999], [1999, 0, 1999, 80]),
        order('subscription_cycle', 'paid', [-26, 926, 1999], [2899, 0, 2899, 116]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1999, mrr: 1999 },
    },
  ],
  [
    // 137 units in blocks of 50 rounded up: 3 blocks × 40 = 120.
    'package rounded up',
    scenario({
      price: {
        model: 'metered_tiers',
        base: 1999,
        tierType: 'graduated',
        tiers: [{ bound: null, unit_amount: '40' }],
        package: { size: 50, rounding: 'up' },
      },
      actions: [{ at: '2027-01-20T00:00:00.000Z', kind: 'usage', units: 137 }],
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1999], [1999, 0, 1999, 0]),
        order('subscription_cycle', 'paid', [120, 1999], [2119, 0, 2119, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1999, mrr: 1999 },
    },
  ],
  [
    // 137 units in blocks of 50 rounded down: 2 blocks × 40 = 80.
    'package rounded down',
    scenario({
      price: {
        model: 'metered_tiers',
        base: 1999,
        tierType: 'graduated',
        tiers: [{ bound: null, unit_amount: '40' }],
        package: { size: 50, rounding: 'down' },
      },
      actions: [{ at: '2027-01-20T00:00:00.000Z', kind: 'usage', units: 137 }],
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1999], [1999, 0, 1999, 0]),
        order('subscription_cycle', 'paid', [80, 1999], [2079, 0, 2079, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1999, mrr: 1999 },
    },
  ],
  [
    // 8 seats graduated, base 5000 for up to 5, then 800 each: 5000 + 3 × 800 = 7400; one line at checkout, one
    // line per tier at renewal.
    'seats graduated with a flat fee',
    scenario({
      price: {
        model: 'seat_based',
        tierType: 'graduated',
        tiers: [
          { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 5000 },
          { min_seats: 6, max_seats: null, price_per_seat: 800 },
        ],
      },
      seats: 8,
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [7400], [7400, 0, 7400, 0]),
        order('subscription_cycle', 'paid', [2400, 5000], [7400, 0, 7400, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 7400, mrr: 7400 },
    },
  ],
  [
    // Jan 1 → Feb 1 is 31 days; on Jan 11, 21 are left. Seats 3 → 6 of [1–2: 0 + fee 1999], [3+: 666]:
    // old 1999 + 666 = 2665 × 21/31 = 1805.32 → 1805, split 1999:666 → 1353.92, 451.08 → 1353 + 451 = 1804, the unit
    // left to the larger remainder: 1354, 451. New 1999 + 4 × 666 = 4663 × 21/31 = 3158.81 → 3159, split 1999:2664 →
    // 1354.24, 1804.76 → 1354 + 1804 = 3158, the unit left to the second: 1354, 1805.
    // Renewal: −1805 + 3159 + 1999 + 2664 = 6017.
    'seat change prorated across tier lines',
    scenario({
      price: {
        model: 'seat_based',
        tierType: 'graduated',
        tiers: [
          { min_seats: 1, max_seats: 2, price_per_seat: 0, flat_amount: 1999 },
          { min_seats: 3, max_seats: null, price_per_seat: 666 },
        ],
      },
      seats: 3,
      actions: [{ at: '2027-01-11T00:00:00.000Z', kind: 'change_seats', seats: 6, proration: 'prorate' }],
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [2665], [2665, 0, 2665, 0]),
        order('subscription_cycle', 'paid', ['-1354p', '-451p', '1354p', '1805p', 1999, 2664], [6017, 0, 6017, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 4663, mrr: 4663 },
    },
  ],
  [
    // Upgrade 1000 → 2000 on Jan 11 (21 of 31 days left): credit 1000 × 21/31 = 677.42 → −677, charge
    // 2000 × 21/31 = 1354.84 → 1355, both with the Feb 1 renewal: −677 + 1355 + 2000 = 2678.
    'upgrade, prorate',
    scenario({
      actions: [
        {
          at: '2027-01-11T00:00:00.000Z',
          kind: 'change_product',
          price: { model: 'fixed', amount: 2000 },
          proration: 'prorate',
        },
      ],
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_cycle', 'paid', ['-677p', '1355p', 2000], [2678, 0, 2678, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 2000, mrr: 2000 },
    },
  ],
  [
    // The same upgrade invoiced: −677 + 1355 = 678 charged at once; the renewal is the new plan alone.
    'upgrade, invoice',
    scenario({
      actions: [
        {
          at: '2027-01-11T00:00:00.000Z',
          kind: 'change_product',
          price: { model: 'fixed', amount: 2000 },
          proration: 'invoice',
        },
      ],
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_update', 'paid', ['-677p', '1355p'], [678, 0, 678, 0]),
        order('subscription_cycle', 'paid', [2000], [2000, 0, 2000, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 2000, mrr: 2000 },
    },
  ],
  [
    // 10 % forever, DE: checkout 1000 − 100 = 900 → 900 / 1.19 = 756.30 → 756, tax 144. Paused on Jan 11 (21 of
    // 31 days left): credit 900 × 21/31 = 609.68 → −610, never discounted. Resumed Feb 10: 1000, discount 100 on it
    // alone, 1000 − 610 − 100 = 290 → 290 / 1.19 = 243.70 → 244, tax 46.
    'pause now, credit on the resume order',
    scenario({
      currency: 'eur',
      buyer: DE,
      discount: { type: 'percentage', basisPoints: 1000, duration: 'forever' },
      actions: [{ at: '2027-01-11T00:00:00.000Z', kind: 'pause_now', resumesAt: '2027-02-10T00:00:00.000Z' }],
      until: '2027-02-10T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 100, 756, 144]),
        order('subscription_cycle', 'paid', ['-610p', 1000], [390, 100, 244, 46]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 900, mrr: 900 },
    },
  ],
  [
    // NY one-time 1999, tax 80. Partial: ⌊1999 × 2/5⌋ = 799, tax 799 × 80/1999 = 31.98 → 32. Full: the 1200 left with
    // the 48 of tax left.
    'partial then full refund, NY',
    scenario({
      interval: null,
      buyer: NY,
      price: { model: 'fixed', amount: 1999 },
      actions: [
        { at: '2027-01-01T00:10:00.000Z', kind: 'refund', order: 0, part: 'partial' },
        { at: '2027-01-01T00:20:00.000Z', kind: 'refund', order: 0, part: 'full' },
      ],
    }),
    {
      orders: [order('purchase', 'refunded', [1999], [1999, 0, 1999, 80], [1999, 80])],
      refunds: [
        { order: 0, amount: 799, tax_amount: 32 },
        { order: 0, amount: 1200, tax_amount: 48 },
      ],
      subscription: null,
    },
  ],
  [
    // Declines from Jan 20; the Feb 1 renewal fails (past_due), the card is approved on Feb 2, the retry on Feb 3
    // (2 days on) pays it.
    'dunning recovered',
    scenario({
      actions: [
        { at: '2027-01-20T00:00:00.000Z', kind: 'card', declines: true },
        { at: '2027-02-02T00:00:00.000Z', kind: 'card', declines: false },
      ],
      until: '2027-02-04T00:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_cycle', 'paid', [1000], [1000, 0, 1000, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1000, mrr: 1000 },
    },
  ],
  [
    // Retries on Feb 3, 8 and 15 failed; the last is due Feb 22 00:00, after `until`: still past_due, MRR kept.
    'dunning, still past due',
    scenario({
      actions: [{ at: '2027-01-20T00:00:00.000Z', kind: 'card', declines: true }],
      until: '2027-02-21T23:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_cycle', 'pending', [1000], [1000, 0, 1000, 0]),
      ],
      refunds: [],
      subscription: { status: 'past_due', amount: 1000, mrr: 1000 },
    },
  ],
  [
    // Retries on Feb 3, 8, 15 and 22 (2, 5, 7, 7 days) all fail: revoked on Feb 22, the order void.
    'dunning exhausted',
    scenario({
      actions: [{ at: '2027-01-20T00:00:00.000Z', kind: 'card', declines: true }],
      until: '2027-02-22T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_cycle', 'void', [1000], [1000, 0, 1000, 0]),
      ],
      refunds: [],
      subscription: { status: 'canceled', amount: 1000, mrr: 0 },
    },
  ],
  [
    // A week's 1000 is 1000 × 52 / 12 = 4333.33 → 4333 a month.
    'MRR of a weekly price',
    scenario({ interval: { unit: 'week', count: 1 } }),
    {
      orders: [order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0])],
      refunds: [],
      subscription: { status: 'active', amount: 1000, mrr: 4333 },
    },
  ],
  [
    // Every two weeks: 1000 × 52 / 24 = 2166.67 → 2167.
    'MRR of a two-weekly price',
    scenario({ interval: { unit: 'week', count: 2 } }),
    {
      orders: [order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0])],
      refunds: [],
      subscription: { status: 'active', amount: 1000, mrr: 2167 },
    },
  ],
  [
    // A year's 1999 is 1999 / 12 = 166.58 → 167 a month.
    'MRR of a yearly price',
    scenario({ interval: { unit: 'year', count: 1 }, price: { model: 'fixed', amount: 1999 } }),
    {
      orders: [order('subscription_create', 'paid', [1999], [1999, 0, 1999, 0])],
      refunds: [],
      subscription: { status: 'active', amount: 1999, mrr: 167 },
    },
  ],
  [
    // A week's trial from Jan 1: no order; trialing is no MRR, its amount already after the 20 % (800).
    'trialing',
    scenario({
      trial: { unit: 'week', count: 1 },
      discount: { type: 'percentage', basisPoints: 2000, duration: 'once' },
      until: '2027-01-02T00:00:00.000Z',
    }),
    { orders: [], refunds: [], subscription: { status: 'trialing', amount: 800, mrr: 0 } },
  ],
  [
    // The trial ends Jan 8: the first payment (subscription_create) takes the once 20 % (1000 − 200); the anchor is
    // now the 8th, so the next renewal is Feb 8, at full price.
    'trial converts, once discount on the first payment',
    scenario({
      trial: { unit: 'week', count: 1 },
      discount: { type: 'percentage', basisPoints: 2000, duration: 'once' },
      until: '2027-02-08T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 200, 800, 0]),
        order('subscription_cycle', 'paid', [1000], [1000, 0, 1000, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1000, mrr: 1000 },
    },
  ],
  [
    // Jan 31 anchors: Feb 28 (2027 is not a leap year), then Mar 31.
    'anchor day 31',
    scenario({ start: '2027-01-31T10:00:00.000Z', until: '2027-03-31T10:00:00.000Z' }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_cycle', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_cycle', 'paid', [1000], [1000, 0, 1000, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1000, mrr: 1000 },
    },
  ],
  [
    // The spec's is_discount_applicable: a pay-what-you-want price takes no discount, at the checkout or after it.
    'pay what you want: the discount takes nothing off',
    scenario({
      price: { model: 'custom', minimum: 500, amount: 1234 },
      discount: { type: 'percentage', basisPoints: 1500, duration: 'forever' },
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1234], [1234, 0, 1234, 0]),
        order('subscription_cycle', 'paid', [1234], [1234, 0, 1234, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 1234, mrr: 1234 },
    },
  ],
  [
    // Jan 16 of Jan 1 – Feb 1: 16 of 31 days left. Credit −1000 × 16/31 = −516.13 → −516, charge 500 × 16/31 =
    // 258.06 → 258: −258 is nothing to charge now, so both join the Feb 1 renewal: −516 + 258 + 500 = 242.
    'downgrade, invoice: nothing to pay now, the lines join the renewal',
    scenario({
      actions: [
        {
          at: '2027-01-16T00:00:00.000Z',
          kind: 'change_product',
          price: { model: 'fixed', amount: 500 },
          proration: 'invoice',
        },
      ],
      until: '2027-02-01T01:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [1000], [1000, 0, 1000, 0]),
        order('subscription_cycle', 'paid', ['-516p', '258p', 500], [242, 0, 242, 0]),
      ],
      refunds: [],
      subscription: { status: 'active', amount: 500, mrr: 500 },
    },
  ],
  [
    // A free plan's checkout saves no card. Upgraded on Jan 16: no credit for a free price, charge 1000 × 16/31 =
    // 516.13 → 516. The Feb 1 renewal (516 + 1000) fails, as do the retries on Feb 3, 8, 15 and 22: revoked, void.
    'a free plan changed to a paid one has no card: dunning, then revoked',
    scenario({
      price: { model: 'free' },
      actions: [
        {
          at: '2027-01-16T00:00:00.000Z',
          kind: 'change_product',
          price: { model: 'fixed', amount: 1000 },
          proration: 'prorate',
        },
      ],
      until: '2027-03-01T00:00:00.000Z',
    }),
    {
      orders: [
        order('subscription_create', 'paid', [0], [0, 0, 0, 0]),
        order('subscription_cycle', 'void', ['516p', 1000], [1516, 0, 1516, 0]),
      ],
      refunds: [],
      subscription: { status: 'canceled', amount: 1000, mrr: 0 },
    },
  ],
];

/** The lines' shares of the tax are checked by their own table below. */
const withoutLineTax = (e: Expected) => ({
  ...e,
  orders: e.orders.map((o) => ({ ...o, lines: o.lines.map(({ amount, proration }) => ({ amount, proration })) })),
});

describe('golden calculator', () => {
  test.each(cases)('%s', (_name, s, expected) => {
    const computed = expectedOf(s);
    expect(withoutLineTax(computed)).toEqual(withoutLineTax(expected));
    for (const o of computed.orders) expect(o.lines.reduce((sum, l) => sum + l.tax_amount, 0)).toBe(o.tax_amount);
  });
});

test.each([
  // tax, line amounts, each line's share worked out by hand
  [319, [1999], [319]],
  // 936 / 5862 of each: 425.37, 319.19, −191.45, −63.87, 255.32, 191.45; cut toward 0 they add up to 936
  [936, [2664, 1999, -1199, -400, 1599, 1199], [425, 319, -191, -63, 255, 191]],
  [100, [1, 1, 1], [34, 33, 33]], // 33.33 each: the unit owed to the first
  [1, [2, 2, -1], [1, 0, 0]], // 0.67, 0.67, −0.33 cut to 0, 0, 0: the unit to the first of the largest cuts
  [-1, [2, 2, -1], [-1, 0, 0]], // −0.67, −0.67, 0.33: the unit taken from the first furthest below
  [5, [10, -10], [5, 0]], // the lines add up to nothing: the first takes it
])('tax %p shared across lines %p: %p', (tax, amounts, shares) => {
  expect(taxShares(tax, amounts)).toEqual(shares);
});
