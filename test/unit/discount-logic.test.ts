// The discount domain's rules: what a discount takes off, and for how many billing periods it lasts.
import { discountAmount } from '../../src/domains/discount/discount.logic';
import { discountApplies } from '../../src/domains/discount/discount-duration.logic';

const utc = (iso: string) => new Date(iso);

test.each([
  ['no discount', null, 1000, 'usd', 0],
  ['10 %', { type: 'percentage', duration: 'once', basis_points: 1000 }, 1000, 'usd', 100],
  ['15 % of 9.99, half-up', { type: 'percentage', duration: 'once', basis_points: 1500 }, 999, 'usd', 150],
  ['100 %', { type: 'percentage', duration: 'forever', basis_points: 10_000 }, 1999, 'usd', 1999],
  ['fixed 5.00', { type: 'fixed', duration: 'once', amounts: { usd: 500 } }, 1000, 'usd', 500],
  ['fixed larger than the amount', { type: 'fixed', duration: 'once', amounts: { usd: 5000 } }, 1000, 'usd', 1000],
  ['fixed in another currency', { type: 'fixed', duration: 'once', amounts: { eur: 500 } }, 1000, 'usd', 0],
] as const)('discount %s takes', (_name, discount, amount, currency, expected) => {
  expect(discountAmount(discount, amount, currency)).toBe(expected);
});

describe('discountApplies', () => {
  type Terms = Parameters<typeof discountApplies>[0];
  const once: Terms = { duration: 'once', durationInMonths: null };
  const forever: Terms = { duration: 'forever', durationInMonths: null };
  const repeating = (months: number): Terms => ({ duration: 'repeating', durationInMonths: months });

  test.each([
    // terms, appliedAt, periodStart, applies
    ['once', once, '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z', true],
    ['once', once, '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.001Z', false],
    ['once', once, '2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z', false],
    ['forever', forever, '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z', true],
    ['forever', forever, '2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z', true],
    ['forever', forever, '2025-01-31T00:00:00.000Z', '2035-01-31T00:00:00.000Z', true],
    // Repeating 3 months on a monthly plan from Jan 31: last applying start is Jan 31 + 2 months = Mar 31 → 3 periods.
    ['repeating 3', repeating(3), '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z', true],
    ['repeating 3', repeating(3), '2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z', true],
    ['repeating 3', repeating(3), '2025-01-31T00:00:00.000Z', '2025-03-31T00:00:00.000Z', true],
    ['repeating 3', repeating(3), '2025-01-31T00:00:00.000Z', '2025-04-30T00:00:00.000Z', false],
    ['repeating 3', repeating(3), '2025-01-31T00:00:00.000Z', '2025-05-31T00:00:00.000Z', false],
    // Same in a leap year: Jan 31, Feb 29, Mar 31 apply.
    ['repeating 3', repeating(3), '2024-01-31T00:00:00.000Z', '2024-02-29T00:00:00.000Z', true],
    ['repeating 3', repeating(3), '2024-01-31T00:00:00.000Z', '2024-03-31T00:00:00.000Z', true],
    ['repeating 3', repeating(3), '2024-01-31T00:00:00.000Z', '2024-04-30T00:00:00.000Z', false],
    // Time of day: periods start at the applied time of day.
    ['repeating 3', repeating(3), '2025-01-31T10:15:30.000Z', '2025-03-31T10:15:30.000Z', true],
    ['repeating 3', repeating(3), '2025-01-31T10:15:30.000Z', '2025-04-30T10:15:30.000Z', false],
    // Repeating 1 month: the first period only.
    ['repeating 1', repeating(1), '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z', true],
    ['repeating 1', repeating(1), '2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z', false],
    // Repeating 12 months on a yearly plan: last applying start is + 11 months → exactly one cycle.
    ['repeating 12', repeating(12), '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z', true],
    ['repeating 12', repeating(12), '2025-01-31T00:00:00.000Z', '2026-01-31T00:00:00.000Z', false],
    ['repeating 12', repeating(12), '2024-02-29T00:00:00.000Z', '2024-02-29T00:00:00.000Z', true],
    ['repeating 12', repeating(12), '2024-02-29T00:00:00.000Z', '2025-02-28T00:00:00.000Z', false], // + 11 months = 2025-01-29
    // Repeating 13 months on a yearly plan: + 12 months = 2026-01-31 → two cycles.
    ['repeating 13', repeating(13), '2025-01-31T00:00:00.000Z', '2026-01-31T00:00:00.000Z', true],
    ['repeating 13', repeating(13), '2025-01-31T00:00:00.000Z', '2027-01-31T00:00:00.000Z', false],
  ] as [string, Terms, string, string, boolean][])(
    '%s applied at %s, period from %s: %p',
    (_label, terms, appliedAt, periodStart, applies) => {
      expect(discountApplies(terms, utc(appliedAt), utc(periodStart))).toBe(applies);
    },
  );

  test('repeating 3 months on a monthly plan anchored on the 31st covers exactly 3 periods', () => {
    const starts = ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30'];
    const applied = starts.filter((s) =>
      discountApplies(repeating(3), utc('2025-01-31T00:00:00.000Z'), utc(`${s}T00:00:00.000Z`)),
    );
    expect(applied).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
  });

  test('a repeating discount without a month count applies to its first period only', () => {
    const terms: Terms = { duration: 'repeating', durationInMonths: null };
    expect(discountApplies(terms, utc('2025-01-31T00:00:00.000Z'), utc('2025-01-31T00:00:00.000Z'))).toBe(true);
    expect(discountApplies(terms, utc('2025-01-31T00:00:00.000Z'), utc('2025-02-28T00:00:00.000Z'))).toBe(false);
  });
});
