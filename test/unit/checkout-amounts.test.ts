import { customFieldIssues, type AttachedFieldRule } from '../../src/domains/checkout/custom-field-data.logic';
import { upfrontAmount, type CheckoutPrice } from '../../src/domains/checkout/checkout-price.logic';
import { paymentFlags } from '../../src/domains/checkout/payment-flags.logic';
import { totals } from '../../src/kernel/money';

const fixed = (price_amount: number): CheckoutPrice => ({ amount_type: 'fixed', price_amount });
const custom = (
  minimum_amount: number,
  maximum_amount: number | null = null,
  preset_amount: number | null = null,
): CheckoutPrice => ({
  amount_type: 'custom',
  price_currency: 'usd',
  minimum_amount,
  maximum_amount,
  preset_amount,
});
const seats: CheckoutPrice = {
  amount_type: 'seat_based',
  seat_tiers: {
    seat_tier_type: 'volume',
    minimum_seats: 1,
    maximum_seats: 20,
    tiers: [
      { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
      { min_seats: 5, max_seats: 20, price_per_seat: 800 },
    ],
  },
};

test.each([
  ['fixed', fixed(1500), {}, 1500],
  ['free', fixed(0), {}, 0],
  ['custom: the buyer’s amount', custom(500, 10_000), { amount: 2500 }, 2500],
  ['custom: the preset when the buyer gives none', custom(500, 10_000, 1500), {}, 1500],
  ['custom: the minimum otherwise', custom(500), {}, 500],
  ['custom: 0 is honoured when the minimum is 0', custom(0), { amount: 0 }, 0],
  ['seats: the minimum by default', seats, {}, 1000],
  ['seats: 4 in the first tier', seats, { seats: 4 }, 4000],
  ['seats: 5 all at the second tier (volume)', seats, { seats: 5 }, 4000],
  ['metered: nothing upfront', { amount_type: 'metered_unit' } as CheckoutPrice, {}, 0],
])('%s', (_name, price, input, expected) => {
  expect(upfrontAmount(price, input)).toMatchObject({ amount: expected });
});

test.each([
  ['below the minimum', custom(500), { amount: 499 }, ['body', 'amount'], /at least 500/],
  ['above the maximum', custom(500, 1000), { amount: 1001 }, ['body', 'amount'], /at most 1000/],
  ['below the chargeable minimum', custom(0), { amount: 20 }, ['body', 'amount'], /0 or between 50/],
  // JPY's minimum is ¥80, in yen
  [
    'below JPY’s minimum',
    { ...custom(0), price_currency: 'jpy' },
    { amount: 79 },
    ['body', 'amount'],
    /0 or between 80/,
  ],
  ['too many seats', seats, { seats: 21 }, ['body', 'seats'], /between 1 and 20/],
  ['no seats', seats, { seats: 0 }, ['body', 'seats'], /between 1 and 20/],
  [
    'seats whose price exceeds the largest charge (40,000 × 2,500 = 100,000,000 > 99,999,999)',
    {
      amount_type: 'seat_based',
      seat_tiers: {
        seat_tier_type: 'volume',
        minimum_seats: 1,
        maximum_seats: null,
        tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 2500 }],
      },
    } as CheckoutPrice,
    { seats: 40_000 },
    ['body', 'seats'],
    /more than 99999999/,
  ],
])('%s is refused', (_name, price, input, loc, message) => {
  expect(upfrontAmount(price, input)).toMatchObject({ loc, msg: expect.stringMatching(message) });
});

test.each([
  // amount, discount, tax, expected totals
  ['exclusive, no location yet', 1000, 0, null, { net_amount: 1000, tax_amount: null, total_amount: 1000 }],
  [
    'exclusive 20 %',
    1000,
    0,
    { amount: 200, inclusive: false },
    { net_amount: 1000, tax_amount: 200, total_amount: 1200 },
  ],
  [
    'exclusive 20 % after a 10 % discount',
    1000,
    100,
    { amount: 180, inclusive: false },
    { net_amount: 900, tax_amount: 180, total_amount: 1080 },
  ],
  [
    'inclusive 20 %',
    1200,
    0,
    { amount: 200, inclusive: true },
    { net_amount: 1000, tax_amount: 200, total_amount: 1200 },
  ],
  [
    'inclusive after a discount',
    1200,
    200,
    { amount: 167, inclusive: true },
    { net_amount: 833, tax_amount: 167, total_amount: 1000 },
  ],
  ['reverse charge', 1000, 0, { amount: 0, inclusive: false }, { net_amount: 1000, tax_amount: 0, total_amount: 1000 }],
] as const)('totals: %s', (_name, amount, discount, tax, expected) => {
  expect(totals(amount, discount, tax)).toEqual({ amount, discount_amount: discount, ...expected });
});

test.each([
  [
    'a paid one-time product',
    [fixed(1000)],
    false,
    1000,
    1000,
    false,
    null,
    {
      is_payment_required: true,
      is_payment_setup_required: false,
      is_payment_form_required: true,
      is_free_product_price: false,
    },
  ],
  [
    'a free product',
    [fixed(0)],
    false,
    0,
    0,
    false,
    null,
    {
      is_payment_required: false,
      is_payment_form_required: false,
      is_free_product_price: true,
      is_discount_applicable: false,
    },
  ],
  [
    'a 100 % discount on a one-time product',
    [fixed(1000)],
    false,
    1000,
    0,
    false,
    { type: 'percentage', duration: 'once', basis_points: 10_000 },
    { is_payment_required: false, is_payment_form_required: false },
  ],
  [
    'a subscription with a trial',
    [fixed(1000)],
    true,
    1000,
    1000,
    true,
    null,
    { is_payment_required: false, is_payment_setup_required: true, is_payment_form_required: true },
  ],
  [
    'a subscription 100 % off forever',
    [fixed(1000)],
    true,
    1000,
    0,
    false,
    { type: 'percentage', duration: 'forever', basis_points: 10_000 },
    { is_payment_setup_required: false, is_payment_form_required: false },
  ],
  [
    'a metered-only subscription',
    [{ amount_type: 'metered_unit' }],
    true,
    0,
    0,
    false,
    null,
    { is_payment_required: false, is_payment_setup_required: true },
  ],
  ['pay what you want: no discounts', [custom(500)], false, 500, 500, false, null, { is_discount_applicable: false }],
] as const)('flags: %s', (_name, prices, isRecurring, amount, total, trial, discount, expected) => {
  expect(
    paymentFlags({ prices: prices as unknown as CheckoutPrice[], isRecurring, amount, total, trial, discount }),
  ).toMatchObject(expected);
});

const FIELDS: AttachedFieldRule[] = [
  { slug: 'company', type: 'text', required: true, properties: { min_length: 2, max_length: 10 } },
  { slug: 'team', type: 'number', required: false, properties: { ge: 1, le: 50 } },
  { slug: 'start', type: 'date', required: false, properties: { ge: 1_700_000_000 } },
  { slug: 'terms', type: 'checkbox', required: true, properties: {} },
  { slug: 'plan', type: 'select', required: false, properties: { options: [{ value: 'a' }, { value: 'b' }] } },
];

test.each([
  ['all good', { company: 'ACME', team: 5, start: '2026-01-01', terms: true, plan: 'a' }, true, []],
  ['partial data while the customer is still typing', { team: 5 }, false, []],
  ['required text missing at confirmation', { terms: true }, true, ['company']],
  ['required checkbox not ticked', { company: 'ACME', terms: false }, true, ['terms']],
  ['text too short', { company: 'A' }, false, ['company']],
  ['number out of range', { team: 51 }, false, ['team']],
  ['fractional number', { team: 2.5 }, false, ['team']],
  ['date before the bound', { start: '2020-01-01' }, false, ['start']],
  ['not a date', { start: 'soon' }, false, ['start']],
  ['unknown option', { plan: 'c' }, false, ['plan']],
  ['unknown field', { color: 'red' }, false, ['color']],
])('custom fields: %s', (_name, data, complete, slugs) => {
  expect(customFieldIssues(FIELDS, data, complete).map((i) => i.loc[2])).toEqual(slugs);
});
