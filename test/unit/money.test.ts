import {
  changeProration,
  formatAmount,
  formatRate,
  isValidPriceAmount,
  normalizeUnitAmount,
  percentageOf,
  proratedAmount,
  seatsPrice,
  type SeatTier,
} from '../../src/kernel/money';
import { currencyDecimals, minPriceAmount } from '../../src/kernel/currency';
import { taxPerLine } from '../../src/kernel/tax-per-line';

test.each([
  [0, 'usd', true],
  [1, 'usd', false],
  [49, 'usd', false],
  [50, 'usd', true],
  [1000, 'usd', true],
  [99_999_999, 'usd', true],
  [100_000_000, 'usd', false],
  [-50, 'usd', false],
  [10.5, 'usd', false],
  [0, 'jpy', true],
  [79, 'jpy', false], // ¥80 is JPY's minimum
  [80, 'jpy', true],
  [799, 'krw', false], // ₩800
  [800, 'krw', true],
  [39, 'gbp', false], // £0.40
  [40, 'gbp', true],
  [69, 'aud', false], // A$0.70
  [70, 'aud', true],
  [49, 'kwd', false], // not in the table: 50 minor units
  [50, 'kwd', true],
])('price amount %p in %s valid: %p', (amount, currency, valid) => {
  expect(isValidPriceAmount(amount, currency)).toBe(valid);
});

test.each([
  // currency, decimals, smallest price in minor units
  ['usd', 2, 50],
  ['eur', 2, 50],
  ['gbp', 2, 40],
  ['dkk', 2, 320], // DKK 3.20
  ['brl', 2, 250], // BRL 2.50
  ['huf', 2, 17_500], // HUF 175.00
  ['idr', 2, 900_000], // IDR 9,000.00
  ['jpy', 0, 80],
  ['JPY', 0, 80],
  ['krw', 0, 800],
  ['vnd', 0, 20_000],
  ['bif', 0, 2_000],
  ['kwd', 3, 50],
  ['bhd', 3, 50],
  ['tnd', 3, 50],
  ['xyz', 2, 50],
])('%s: %i decimals, smallest price %i', (currency, decimals, minimum) => {
  expect(currencyDecimals(currency)).toBe(decimals);
  expect(minPriceAmount(currency)).toBe(minimum);
});

test.each([
  // amount, basis points, expected (half-up)
  [1000, 1000, 100],
  [1000, 10_000, 1000],
  [999, 1500, 150], // 149.85 → 150
  [105, 5000, 53], // 52.5 → 53
  [101, 5000, 51], // 50.5 → 51
  [1, 4999, 0], // 0.4999 → 0
  [1, 5000, 1], // 0.5 → 1
  [0, 2500, 0],
  [-105, 5000, -53],
])('%i × %i bp = %i', (amount, bp, expected) => {
  expect(percentageOf(amount, bp)).toBe(expected);
});

const tiers: SeatTier[] = [
  { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
  { min_seats: 5, max_seats: 9, price_per_seat: 800 },
  { min_seats: 10, max_seats: null, price_per_seat: 500 },
];

test.each([
  [1, 'volume', 1000],
  [4, 'volume', 4000],
  [5, 'volume', 4000],
  [10, 'volume', 5000],
  [25, 'volume', 12_500],
  [4, 'graduated', 4000],
  [5, 'graduated', 4800],
  [10, 'graduated', 4000 + 4000 + 500],
  [12, 'graduated', 4000 + 4000 + 1500],
  [0, 'volume', null],
] as const)('%i seats (%s) cost %p', (seats, type, expected) => {
  expect(seatsPrice(tiers, seats, type)).toBe(expected);
});

test.each([
  ['0.5', '0.5'],
  ['0.50', '0.5'],
  [12, '12'],
  ['012.000', '12'],
  [0.000001, '0.000001'],
  ['1.123456789012', '1.123456789012'],
  ['1.1234567890123', null],
  ['0', null],
  [0, null],
  ['-1', null],
  ['1e3', null],
  ['abc', null],
  ['100000000', null],
  [Number.NaN, null],
])('unit amount %p → %p', (input, expected) => {
  expect(normalizeUnitAmount(input)).toBe(expected);
});

describe('proration', () => {
  const DAY = 86_400_000;
  const LEAP_YEAR = 366 * DAY; // 31 622 400 000 ms

  test.each([
    // amount, part, whole, expected (half-up, half away from zero when negative)
    [1000, 15, 30, 500],
    [1, 1, 2, 1], // 0.5 → 1
    [3, 1, 2, 2], // 1.5 → 2
    [5, 1, 10, 1], // 0.5 → 1
    [1, 1, 3, 0], // 0.333… → 0
    [2, 1, 3, 1], // 0.666… → 1
    [1001, 1, 2, 501], // 500.5 → 501
    [1000, 1, 3, 333], // 333.33… → 333
    [-1, 1, 2, -1], // −0.5 → −1
    [-3, 1, 2, -2], // −1.5 → −2
    [-1001, 1, 2, -501], // −500.5 → −501
    [-2, 1, 3, -1], // −0.666… → −1
    [-1, 1, 3, 0], // −0.333… → 0, not −0
    [-1000, 15, 30, -500],
    [1000, 0, 30, 0],
    [-1000, 0, 30, 0],
    [1000, -5, 30, 0],
    [1000, 30, 30, 1000],
    [-1000, 30, 30, -1000],
    [1000, 31, 30, 1000],
    [0, 10, 30, 0],
    // 99 999 999 over a 366-day year in ms (products beyond 2^53):
    [99_999_999, DAY, LEAP_YEAR, 273_224], // 99 999 999 / 366 = 273 224 r 15 → 273 224.04 → 273 224
    [99_999_999, 183 * DAY, LEAP_YEAR, 50_000_000], // 99 999 999 / 2 = 49 999 999.5 → 50 000 000
    [99_999_999, 1_756_800_000, LEAP_YEAR, 5_555_556], // part = year / 18: 99 999 999 / 18 = 5 555 555.5 → 5 555 556
    [99_999_999, 184 * DAY, LEAP_YEAR, 50_273_224], // × 184/366 = 9 199 999 908 / 183 = 50 273 223 r 99 → .54 → 50 273 224
    [99_999_999, LEAP_YEAR - 1, LEAP_YEAR, 99_999_999], // 99 999 999 − 99 999 999/31 622 400 000 = 99 999 998.9968… → 99 999 999
    [99_999_999, 1, LEAP_YEAR, 0], // 0.0031… → 0
    // 99 999 999 × 2 087 200 009 = 208 720 000 900 000 000 − 2 087 200 009 = 208 719 998 812 799 991
    //   = 6 600 384 × 31 622 400 000 (= 208 719 983 001 600 000) + 15 811 199 991, and 15 811 199 991 = year/2 − 9
    //   → 6 600 384.4999999997 → 6 600 384 (double arithmetic rounds the sum up to 6 600 385)
    [99_999_999, 2_087_200_009, LEAP_YEAR, 6_600_384],
    [-99_999_999, 2_087_200_009, LEAP_YEAR, -6_600_384],
  ])('proratedAmount(%i, %i, %i) = %i', (amount, part, whole, expected) => {
    expect(proratedAmount(amount, part, whole)).toBe(expected);
  });

  const april = { start: new Date('2025-04-01T00:00:00.000Z'), end: new Date('2025-05-01T00:00:00.000Z') }; // 30 days
  const january = { start: new Date('2025-01-01T00:00:00.000Z'), end: new Date('2025-02-01T00:00:00.000Z') }; // 31 days
  const year2024 = { start: new Date('2024-01-01T00:00:00.000Z'), end: new Date('2025-01-01T00:00:00.000Z') }; // 366 days

  test.each([
    // label, old, new, period, at, credit, debit
    // Upgrade at Apr 16: 15 of 30 days left → −1000 × 15/30 = −500, 3000 × 15/30 = 1500
    ['upgrade mid-month', 1000, 3000, april, '2025-04-16T00:00:00.000Z', -500, 1500],
    // Downgrade at Jan 11: 10 of 31 days used, 21 left → −3000 × 21/31 = −63 000/31 = −2032 r 8 (−2032.26) → −2032;
    //   1000 × 21/31 = 21 000/31 = 677 r 13 (677.42) → 677
    ['downgrade after 10 of 31 days', 3000, 1000, january, '2025-01-11T00:00:00.000Z', -2032, 677],
    ['change at period start', 3000, 1000, january, '2025-01-01T00:00:00.000Z', -3000, 1000],
    ['upgrade at period start', 1000, 3000, april, '2025-04-01T00:00:00.000Z', -1000, 3000],
    // 1 ms left of 2 592 000 000: 1000 / 2 592 000 000 and 3000 / 2 592 000 000 both round to 0 (and the credit is 0, not −0)
    ['change 1 ms before end', 1000, 3000, april, '2025-04-30T23:59:59.999Z', 0, 0],
    ['max amounts 1 ms before end', 99_999_999, 99_999_999, year2024, '2024-12-31T23:59:59.999Z', 0, 0], // 0.0031… → 0
    ['change at period end', 1000, 3000, april, '2025-05-01T00:00:00.000Z', 0, 0],
    // Jul 1 → Jan 1 is 184 of 366 days: 99 999 999 × 184/366 → 50 273 224 (see above); 0 × anything = 0
    [
      'yearly max amount cancelled to free on Jul 1',
      99_999_999,
      0,
      year2024,
      '2024-07-01T00:00:00.000Z',
      -50_273_224,
      0,
    ],
    ['free to paid mid-month', 0, 3000, april, '2025-04-16T00:00:00.000Z', 0, 1500],
  ] as const)('%s: %i → %i', (_label, oldAmount, newAmount, period, at, credit, debit) => {
    expect(changeProration(oldAmount, newAmount, period, new Date(at))).toEqual({ credit, debit });
  });
});

test.each([
  // amount, currency, printed
  [1234, 'eur', 'EUR 12.34'],
  [5, 'usd', 'USD 0.05'],
  [0, 'gbp', 'GBP 0.00'],
  [-250, 'eur', 'EUR -2.50'],
  [99_999_999, 'usd', 'USD 999,999.99'],
  [100_000, 'sek', 'SEK 1,000.00'],
  [1500, 'jpy', 'JPY 1,500'], // zero-decimal: the minor unit is the yen
  [-500, 'krw', 'KRW -500'],
  [999, 'JPY', 'JPY 999'],
  // three-decimal: the minor unit is a thousandth (fils, baisa, millime)
  [1500, 'kwd', 'KWD 1.500'],
  [1_234_567, 'bhd', 'BHD 1,234.567'],
  [5, 'omr', 'OMR 0.005'],
  [-12_345, 'jod', 'JOD -12.345'],
  [1000, 'TND', 'TND 1.000'],
])('formatAmount(%i, %s) = %s', (amount, currency, printed) => {
  expect(formatAmount(amount, currency)).toBe(printed);
});

test.each([
  // millionths, percentage
  [200_000, '20%'],
  [190_000, '19%'],
  [72_500, '7.25%'],
  [99_750, '9.975%'], // Québec QST
  [1, '0.0001%'],
  [0, '0%'],
  [1_000_000, '100%'],
])('formatRate(%i) = %s', (rate, printed) => {
  expect(formatRate(rate)).toBe(printed);
});

test.each([
  // tax, line amounts, each line's share (worked out by hand)
  [319, [1999], [319]], // one line carries it all
  // 936 / 5862 of each: 425.37, 319.19, −191.45, −63.87, 255.32, 191.45; cut toward 0 they add up to 936
  [936, [2664, 1999, -1199, -400, 1599, 1199], [425, 319, -191, -63, 255, 191]],
  [100, [1, 1, 1], [34, 33, 33]], // 33.33 each: the unit left over to the first
  [-5, [3, 3], [-3, -2]], // −2.5 each: the unit to the earlier line
  [10, [7, 7, 7, -7], [5, 5, 5, -5]], // 10 / 14 of each: exact
  [1, [2, 2, -1], [1, 0, 0]], // 0.67, 0.67, −0.33 cut to 0: the unit to the first of the largest remainders
  [-1, [2, 2, -1], [-1, 0, 0]], // −0.67, −0.67, 0.33: the unit taken from the first furthest below
  [1, [2, 1], [1, 0]], // 0.67 and 0.33: the unit to the larger remainder
  [2, [-1, 3], [-1, 3]], // −1 and 3 exactly
  [0, [10, -10], [0, 0]], // the lines add up to nothing
  [5, [10, -10], [5, 0]], // … and yet a tax: the first line takes it
  [192, [-1199, 2399], [-191, 383]], // −191.84 and 383.84: cut toward 0 they add up to 192
])('tax %p shared across lines %p: %p', (tax, amounts, shares) => {
  expect(taxPerLine(tax, amounts)).toEqual(shares);
  expect(shares.reduce((sum, share) => sum + share, 0)).toBe(tax);
});
