import { addInterval, addMonths, discountApplies, type RecurringInterval } from '../../src/kernel/calendar';

const utc = (iso: string): Date => new Date(iso);

describe('addInterval', () => {
  // Each row is one step: the caller passes the previous (possibly clamped) period end and the anchor day.
  test.each([
    // Monthly, anchor 31, through the leap year 2024
    ['2024-01-31T00:00:00.000Z', '2024-02-29T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', '2024-03-31T00:00:00.000Z'],
    ['2024-03-31T00:00:00.000Z', '2024-04-30T00:00:00.000Z'],
    ['2024-04-30T00:00:00.000Z', '2024-05-31T00:00:00.000Z'],
    ['2024-05-31T00:00:00.000Z', '2024-06-30T00:00:00.000Z'],
    ['2024-06-30T00:00:00.000Z', '2024-07-31T00:00:00.000Z'],
    ['2024-07-31T00:00:00.000Z', '2024-08-31T00:00:00.000Z'],
    ['2024-08-31T00:00:00.000Z', '2024-09-30T00:00:00.000Z'],
    ['2024-09-30T00:00:00.000Z', '2024-10-31T00:00:00.000Z'],
    ['2024-10-31T00:00:00.000Z', '2024-11-30T00:00:00.000Z'],
    ['2024-11-30T00:00:00.000Z', '2024-12-31T00:00:00.000Z'],
    ['2024-12-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z'],
    // … and on through the non-leap year 2025
    ['2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z'],
    ['2025-02-28T00:00:00.000Z', '2025-03-31T00:00:00.000Z'],
    ['2025-03-31T00:00:00.000Z', '2025-04-30T00:00:00.000Z'],
    ['2025-04-30T00:00:00.000Z', '2025-05-31T00:00:00.000Z'],
    ['2025-05-31T00:00:00.000Z', '2025-06-30T00:00:00.000Z'],
    ['2025-06-30T00:00:00.000Z', '2025-07-31T00:00:00.000Z'],
    ['2025-07-31T00:00:00.000Z', '2025-08-31T00:00:00.000Z'],
    ['2025-08-31T00:00:00.000Z', '2025-09-30T00:00:00.000Z'],
    ['2025-09-30T00:00:00.000Z', '2025-10-31T00:00:00.000Z'],
    ['2025-10-31T00:00:00.000Z', '2025-11-30T00:00:00.000Z'],
    ['2025-11-30T00:00:00.000Z', '2025-12-31T00:00:00.000Z'],
    ['2025-12-31T00:00:00.000Z', '2026-01-31T00:00:00.000Z'],
  ])('monthly anchored on the 31st: %s → %s', (from, expected) => {
    expect(addInterval(utc(from), 'month', 1, 31).toISOString()).toBe(expected);
  });

  test('monthly anchored on the 31st, chained from each previous end over 2024–2025', () => {
    const ends: string[] = [];
    let end = utc('2024-01-31T00:00:00.000Z');
    for (let i = 0; i < 24; i++) {
      end = addInterval(end, 'month', 1, 31);
      ends.push(end.toISOString().slice(0, 10));
    }
    expect(ends).toEqual([
      '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31', '2024-06-30', '2024-07-31',
      '2024-08-31', '2024-09-30', '2024-10-31', '2024-11-30', '2024-12-31', '2025-01-31',
      '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30', '2025-07-31',
      '2025-08-31', '2025-09-30', '2025-10-31', '2025-11-30', '2025-12-31', '2026-01-31',
    ]);
  });

  test.each([
    // from, anchor, expected
    ['2025-01-30T00:00:00.000Z', 30, '2025-02-28T00:00:00.000Z'],
    ['2025-02-28T00:00:00.000Z', 30, '2025-03-30T00:00:00.000Z'],
    ['2025-03-30T00:00:00.000Z', 30, '2025-04-30T00:00:00.000Z'],
    ['2025-04-30T00:00:00.000Z', 30, '2025-05-30T00:00:00.000Z'],
    ['2024-01-30T00:00:00.000Z', 30, '2024-02-29T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 30, '2024-03-30T00:00:00.000Z'],
    ['2025-01-29T00:00:00.000Z', 29, '2025-02-28T00:00:00.000Z'],
    ['2025-02-28T00:00:00.000Z', 29, '2025-03-29T00:00:00.000Z'],
    ['2024-01-29T00:00:00.000Z', 29, '2024-02-29T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 29, '2024-03-29T00:00:00.000Z'],
    ['2025-03-29T00:00:00.000Z', 29, '2025-04-29T00:00:00.000Z'],
  ])('monthly from %s anchored on %i → %s', (from, anchor, expected) => {
    expect(addInterval(utc(from), 'month', 1, anchor).toISOString()).toBe(expected);
  });

  test.each([
    // Without an anchor the day of `from` is the anchor: a clamped Feb 28 then stays on the 28th.
    ['2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z'],
    ['2025-02-28T00:00:00.000Z', '2025-03-28T00:00:00.000Z'],
    ['2025-01-15T00:00:00.000Z', '2025-02-15T00:00:00.000Z'],
    ['2025-12-15T00:00:00.000Z', '2026-01-15T00:00:00.000Z'],
  ])('monthly without anchor: %s → %s', (from, expected) => {
    expect(addInterval(utc(from), 'month', 1).toISOString()).toBe(expected);
  });

  test.each([
    // from, anchor, expected
    ['2027-01-31T00:00:00.000Z', 31, '2028-01-31T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', 31, '2029-01-31T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 29, '2025-02-28T00:00:00.000Z'],
    ['2025-02-28T00:00:00.000Z', 29, '2026-02-28T00:00:00.000Z'],
    ['2026-02-28T00:00:00.000Z', 29, '2027-02-28T00:00:00.000Z'],
    ['2027-02-28T00:00:00.000Z', 29, '2028-02-29T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', 29, '2029-02-28T00:00:00.000Z'],
  ])('yearly from %s anchored on %i → %s', (from, anchor, expected) => {
    expect(addInterval(utc(from), 'year', 1, anchor).toISOString()).toBe(expected);
  });

  test.each([
    // interval, count, from, anchor, expected
    ['day', 1, '2024-02-28T00:00:00.000Z', undefined, '2024-02-29T00:00:00.000Z'],
    ['day', 1, '2024-12-31T10:15:30.000Z', undefined, '2025-01-01T10:15:30.000Z'],
    ['day', 14, '2025-01-31T10:15:30.000Z', undefined, '2025-02-14T10:15:30.000Z'], // 31 + 14 = 45 → Feb 14
    ['day', 1, '2025-03-30T00:30:00.000Z', undefined, '2025-03-31T00:30:00.000Z'], // EU DST day: UTC has no gap
    ['day', 30, '2025-04-01T00:00:00.000Z', undefined, '2025-05-01T00:00:00.000Z'],
    ['week', 1, '2025-12-29T08:00:00.000Z', undefined, '2026-01-05T08:00:00.000Z'],
    ['week', 2, '2025-01-31T10:15:30.000Z', undefined, '2025-02-14T10:15:30.000Z'],
    ['week', 4, '2024-02-15T00:00:00.000Z', undefined, '2024-03-14T00:00:00.000Z'], // 15 + 28 = 43 − 29 (leap Feb) = Mar 14
    ['month', 3, '2025-01-31T00:00:00.000Z', 31, '2025-04-30T00:00:00.000Z'],
    ['month', 3, '2025-04-30T00:00:00.000Z', 31, '2025-07-31T00:00:00.000Z'],
    ['month', 3, '2025-07-31T00:00:00.000Z', 31, '2025-10-31T00:00:00.000Z'],
    ['month', 3, '2025-10-31T00:00:00.000Z', 31, '2026-01-31T00:00:00.000Z'],
    ['month', 3, '2025-11-30T00:00:00.000Z', 31, '2026-02-28T00:00:00.000Z'],
    ['month', 3, '2023-11-30T00:00:00.000Z', 30, '2024-02-29T00:00:00.000Z'],
    ['month', 12, '2024-02-29T00:00:00.000Z', 29, '2025-02-28T00:00:00.000Z'],
    ['year', 4, '2024-02-29T00:00:00.000Z', 29, '2028-02-29T00:00:00.000Z'],
    ['year', 2, '2024-02-29T00:00:00.000Z', undefined, '2026-02-28T00:00:00.000Z'],
    // Time of day is kept for months and years too
    ['month', 1, '2025-01-31T10:15:30.000Z', undefined, '2025-02-28T10:15:30.000Z'],
    ['month', 1, '2025-02-28T10:15:30.000Z', 31, '2025-03-31T10:15:30.000Z'],
    ['month', 1, '2025-12-31T23:59:59.999Z', 31, '2026-01-31T23:59:59.999Z'],
    ['year', 1, '2024-02-29T10:15:30.000Z', 29, '2025-02-28T10:15:30.000Z'],
  ] as [RecurringInterval, number, string, number | undefined, string][])(
    '%s × %i from %s (anchor %p) → %s',
    (interval, count, from, anchor, expected) => {
      expect(addInterval(utc(from), interval, count, anchor).toISOString()).toBe(expected);
    },
  );

  test('does not mutate its input', () => {
    const from = utc('2025-01-31T10:15:30.000Z');
    addInterval(from, 'month', 1, 31);
    expect(from.toISOString()).toBe('2025-01-31T10:15:30.000Z');
  });
});

describe('addMonths', () => {
  test.each([
    // from, months, anchor, expected
    ['2025-01-31T00:00:00.000Z', 0, undefined, '2025-01-31T00:00:00.000Z'],
    ['2025-01-31T00:00:00.000Z', 1, undefined, '2025-02-28T00:00:00.000Z'],
    ['2024-01-31T00:00:00.000Z', 1, undefined, '2024-02-29T00:00:00.000Z'],
    ['2025-01-31T00:00:00.000Z', 2, undefined, '2025-03-31T00:00:00.000Z'],
    ['2025-01-31T00:00:00.000Z', 3, undefined, '2025-04-30T00:00:00.000Z'],
    ['2025-02-28T00:00:00.000Z', 1, undefined, '2025-03-28T00:00:00.000Z'],
    ['2025-02-28T00:00:00.000Z', 1, 31, '2025-03-31T00:00:00.000Z'],
    ['2025-03-31T00:00:00.000Z', 11, undefined, '2026-02-28T00:00:00.000Z'],
    ['2025-08-31T00:00:00.000Z', 6, undefined, '2026-02-28T00:00:00.000Z'],
    ['2025-11-15T10:15:30.000Z', 3, undefined, '2026-02-15T10:15:30.000Z'],
    ['2025-01-31T00:00:00.000Z', 11, undefined, '2025-12-31T00:00:00.000Z'],
    ['2025-01-31T00:00:00.000Z', 12, undefined, '2026-01-31T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 11, undefined, '2025-01-29T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 24, undefined, '2026-02-28T00:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 48, undefined, '2028-02-29T00:00:00.000Z'],
  ] as [string, number, number | undefined, string][])('%s + %i months (anchor %p) → %s', (from, months, anchor, expected) => {
    expect(addMonths(utc(from), months, anchor).toISOString()).toBe(expected);
  });
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
  ] as [string, Terms, string, string, boolean][])('%s applied at %s, period from %s: %p', (_label, terms, appliedAt, periodStart, applies) => {
    expect(discountApplies(terms, utc(appliedAt), utc(periodStart))).toBe(applies);
  });

  test('repeating 3 months on a monthly plan anchored on the 31st covers exactly 3 periods', () => {
    const starts = ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30'];
    const applied = starts.filter((s) => discountApplies(repeating(3), utc('2025-01-31T00:00:00.000Z'), utc(`${s}T00:00:00.000Z`)));
    expect(applied).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
  });

  test('a repeating discount without a month count applies to its first period only', () => {
    const terms: Terms = { duration: 'repeating', durationInMonths: null };
    expect(discountApplies(terms, utc('2025-01-31T00:00:00.000Z'), utc('2025-01-31T00:00:00.000Z'))).toBe(true);
    expect(discountApplies(terms, utc('2025-01-31T00:00:00.000Z'), utc('2025-02-28T00:00:00.000Z'))).toBe(false);
  });
});
