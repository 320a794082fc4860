// The catalog's rules: what each price needs, seat tiers, which prices may live together on a product, intervals, custom field options.
import { customFieldPropertyIssues } from '../../src/domains/catalog/custom-field/custom-field.logic';
import { intervalIssues } from '../../src/domains/catalog/product-interval.logic';
import { normalizedTiers, seatTierIssues } from '../../src/domains/catalog/seat-tier.logic';
import { priceChangeIssues } from '../../src/domains/catalog/price-change.logic';
import { priceIssues } from '../../src/domains/catalog/price.logic';
import { priceSetIssues } from '../../src/domains/catalog/price-set.logic';
import { type PriceDraft } from '../../src/domains/catalog/price-draft';
import type { ValidationIssue } from '../../src/kernel/errors';

type Loc = (string | number)[];
const locs = (issues: ValidationIssue[]): Loc[] => issues.map((i) => i.loc);

const AT: Loc = ['body', 'prices', 0];
const usd = { price_currency: 'usd' };
const tiers = (...bounds: [min: number, max: number | null, price?: number][]) =>
  bounds.map(([min_seats, max_seats, price_per_seat = 1000]) => ({ min_seats, max_seats, price_per_seat }));

describe('priceIssues', () => {
  test.each([
    // name, draft, locs of its issues (relative to the price)
    ['fixed', { amount_type: 'fixed', ...usd, price_amount: 1000 }, []],
    ['fixed at 0 (free)', { amount_type: 'fixed', ...usd, price_amount: 0 }, []],
    ['fixed at the maximum', { amount_type: 'fixed', ...usd, price_amount: 99_999_999 }, []],
    ['fixed below the chargeable minimum', { amount_type: 'fixed', ...usd, price_amount: 49 }, [['price_amount']]],
    ['fixed above the maximum', { amount_type: 'fixed', ...usd, price_amount: 100_000_000 }, [['price_amount']]],
    ['fixed with a fraction of a cent', { amount_type: 'fixed', ...usd, price_amount: 100.5 }, [['price_amount']]],
    ['free', { amount_type: 'free', ...usd }, []],
    [
      'custom within bounds',
      { amount_type: 'custom', ...usd, minimum_amount: 50, maximum_amount: 1000, preset_amount: 500 },
      [],
    ],
    ['custom from 0 without a maximum', { amount_type: 'custom', ...usd, minimum_amount: 0, maximum_amount: null }, []],
    [
      'custom with preset equal to both bounds',
      { amount_type: 'custom', ...usd, minimum_amount: 500, maximum_amount: 500, preset_amount: 500 },
      [],
    ],
    ['custom minimum not chargeable', { amount_type: 'custom', ...usd, minimum_amount: 10 }, [['minimum_amount']]],
    [
      'custom maximum below the minimum',
      { amount_type: 'custom', ...usd, minimum_amount: 1000, maximum_amount: 500 },
      [['maximum_amount']],
    ],
    [
      'custom maximum not chargeable, and below the minimum taken as the currency’s (50)',
      { amount_type: 'custom', ...usd, maximum_amount: 10 },
      [['maximum_amount'], ['maximum_amount']],
    ],
    [
      'custom maximum below the minimum taken as the currency’s (¥80)',
      { amount_type: 'custom', price_currency: 'jpy', maximum_amount: 79 },
      [['maximum_amount'], ['maximum_amount']],
    ],
    ['custom in yen without a minimum', { amount_type: 'custom', price_currency: 'jpy', maximum_amount: 5000 }, []],
    [
      'custom in yen below its minimum',
      { amount_type: 'custom', price_currency: 'jpy', minimum_amount: 50 },
      [['minimum_amount']],
    ],
    [
      'custom preset below the minimum',
      { amount_type: 'custom', ...usd, minimum_amount: 500, preset_amount: 100 },
      [['preset_amount']],
    ],
    [
      'custom preset above the maximum',
      { amount_type: 'custom', ...usd, minimum_amount: 500, maximum_amount: 1000, preset_amount: 2000 },
      [['preset_amount']],
    ],
    // 20 is both not chargeable and below the minimum of 50: two issues on the same field
    [
      'custom preset not chargeable and below the minimum',
      { amount_type: 'custom', ...usd, minimum_amount: 50, preset_amount: 20 },
      [['preset_amount'], ['preset_amount']],
    ],
    ['metered', { amount_type: 'metered_unit', ...usd, meter_id: 'm', unit_amount: '0.5' }, []],
    [
      'metered with a numeric unit amount and a cap',
      { amount_type: 'metered_unit', ...usd, meter_id: 'm', unit_amount: 12, cap_amount: 99_999_999 },
      [],
    ],
    ['metered without a unit amount', { amount_type: 'metered_unit', ...usd, meter_id: 'm' }, [['unit_amount']]],
    [
      'metered with a unit amount of 0',
      { amount_type: 'metered_unit', ...usd, meter_id: 'm', unit_amount: '0' },
      [['unit_amount']],
    ],
    [
      'metered with 13 decimals',
      { amount_type: 'metered_unit', ...usd, meter_id: 'm', unit_amount: '0.0000000000001' },
      [['unit_amount']],
    ],
    [
      'metered with a cap above the maximum',
      { amount_type: 'metered_unit', ...usd, meter_id: 'm', unit_amount: '1', cap_amount: 100_000_000 },
      [['cap_amount']],
    ],
    [
      'metered with both wrong',
      { amount_type: 'metered_unit', ...usd, meter_id: 'm', unit_amount: 'abc', cap_amount: 100_000_000 },
      [['unit_amount'], ['cap_amount']],
    ],
    [
      'seat-based',
      { amount_type: 'seat_based', ...usd, seat_tiers: { seat_tier_type: 'volume', tiers: tiers([1, 4], [5, null]) } },
      [],
    ],
    [
      'seat-based with a gap',
      { amount_type: 'seat_based', ...usd, seat_tiers: { seat_tier_type: 'volume', tiers: tiers([1, 4], [6, null]) } },
      [['seat_tiers', 'tiers', 1, 'min_seats']],
    ],
  ] as [string, PriceDraft, Loc[]][])('%s', (_name, draft, expected) => {
    expect(locs(priceIssues(draft, AT))).toEqual(expected.map((loc) => [...AT, ...loc]));
  });

  test('the messages name the rule', () => {
    expect(priceIssues({ amount_type: 'fixed', ...usd, price_amount: 49 }, AT)).toEqual([
      {
        loc: [...AT, 'price_amount'],
        msg: 'price_amount must be 0 or between 50 and 99999999 (minor units of USD)',
        type: 'value_error',
      },
    ]);
    expect(priceIssues({ amount_type: 'fixed', price_currency: 'jpy', price_amount: 79 }, AT)[0].msg).toBe(
      'price_amount must be 0 or between 80 and 99999999 (minor units of JPY)',
    );
  });

  // Each currency's own minimum (the reference's per-currency table), in its minor units.
  test.each([
    ['jpy', 79, false], // ¥80 is JPY's minimum, and the yen is its minor unit
    ['jpy', 80, true],
    ['krw', 799, false],
    ['krw', 800, true],
    ['gbp', 39, false], // £0.40
    ['gbp', 40, true],
    ['huf', 17_499, false], // HUF 175.00
    ['huf', 17_500, true],
    ['eur', 49, false],
    ['eur', 50, true],
    ['sek', 499, false], // SEK 5.00
    ['sek', 500, true],
    ['jpy', 0, true], // free in any currency
  ])('a fixed price of %s %i is accepted: %p', (currency, amount, accepted) => {
    expect(priceIssues({ amount_type: 'fixed', price_currency: currency, price_amount: amount }, AT)).toHaveLength(
      accepted ? 0 : 1,
    );
  });
});

describe('seatTierIssues', () => {
  const LOC: Loc = ['body', 'seat_tiers', 'tiers'];

  test.each([
    // name, tiers, locs of the issues (relative to the tiers), messages
    ['one open tier', tiers([1, null]), [], []],
    ['no tiers', [], [], []],
    ['three contiguous tiers, the last open', tiers([1, 4], [5, 9], [10, null]), [], []],
    ['a closed last tier', tiers([1, 4], [5, 9]), [], []],
    ['a one-seat tier', tiers([1, 1], [2, null]), [], []],
    ['max below min', tiers([5, 3]), [[0, 'max_seats']], [/must not be below min_seats/]],
    ['an open tier before the last', tiers([1, null], [5, null]), [[0, 'max_seats']], [/Only the last tier/]],
    ['overlapping tiers', tiers([1, 5], [5, null]), [[1, 'min_seats']], [/overlaps the previous tier \(expected 6\)/]],
    [
      'a gap between tiers',
      tiers([1, 4], [6, null]),
      [[1, 'min_seats']],
      [/leaves a gap after the previous tier \(expected 5\)/],
    ],
    ['a seat price above the maximum', tiers([1, null, 100_000_000]), [[0, 'price_per_seat']], [/at most 99999999/]],
    // Tier 0: price too high. Tier 1: 2 < 3, and 3 overlaps tier 0 (expected 5). Tier 2: 4 leaves a gap after tier 1's max of 2 (expected 3).
    [
      'several at once, in tier order',
      tiers([1, 4, 100_000_000], [3, 2], [4, null]),
      [
        [0, 'price_per_seat'],
        [1, 'max_seats'],
        [1, 'min_seats'],
        [2, 'min_seats'],
      ],
      [/at most/, /must not be below/, /overlaps.*expected 5/, /gap.*expected 3/],
    ],
  ] as [string, ReturnType<typeof tiers>, Loc[], RegExp[]][])('%s', (_name, given, expected, messages) => {
    const issues = seatTierIssues(given, LOC);
    expect(locs(issues)).toEqual(expected.map((loc) => [...LOC, ...loc]));
    issues.forEach((issue, i) => expect(issue.msg).toMatch(messages[i]));
  });

  test('a missing max_seats counts as open', () => {
    expect(
      seatTierIssues(
        [
          { min_seats: 1, price_per_seat: 1000 },
          { min_seats: 5, price_per_seat: 800 },
        ],
        LOC,
      ).map((i) => i.loc),
    ).toEqual([[...LOC, 0, 'max_seats']]);
  });
});

test.each([
  ['no tiers', [], []],
  [
    'missing max_seats becomes null',
    [
      { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
      { min_seats: 5, price_per_seat: 800 },
    ],
    [
      { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
      { min_seats: 5, max_seats: null, price_per_seat: 800 },
    ],
  ],
  [
    'null max_seats stays null',
    [{ min_seats: 1, max_seats: null, price_per_seat: 0 }],
    [{ min_seats: 1, max_seats: null, price_per_seat: 0 }],
  ],
] as [string, Parameters<typeof normalizedTiers>[0], ReturnType<typeof normalizedTiers>][])(
  'normalizedTiers: %s',
  (_name, given, expected) => {
    expect(normalizedTiers(given)).toEqual(expected);
  },
);

describe('priceSetIssues', () => {
  const P: Loc = ['body', 'prices'];
  const price = (amount_type: string, price_currency = 'usd', meter_id?: string) => ({
    amount_type,
    price_currency,
    meter_id,
  });

  test.each([
    // name, prices, recurring, locs (relative to the list), first message
    ['one fixed price', [price('fixed')], true, [], null],
    ['fixed in two currencies', [price('fixed'), price('fixed', 'eur')], false, [], null],
    ['fixed and seat-based in one currency', [price('fixed'), price('seat_based')], true, [], null],
    ['custom in two currencies', [price('custom'), price('custom', 'eur')], false, [], null],
    ['custom and metered in one currency', [price('custom'), price('metered_unit', 'usd', 'm-1')], true, [], null],
    [
      'metered on two meters',
      [price('fixed'), price('metered_unit', 'usd', 'm-1'), price('metered_unit', 'usd', 'm-2')],
      true,
      [],
      null,
    ],
    [
      'two fixed in one currency',
      [price('fixed'), price('fixed')],
      true,
      [[1, 'amount_type']],
      'A fixed price cannot be combined with a fixed price in usd',
    ],
    [
      'free counts as fixed',
      [price('fixed'), price('free')],
      true,
      [[1, 'amount_type']],
      'A fixed price cannot be combined with a fixed price in usd',
    ],
    [
      'two seat-based in one currency',
      [price('seat_based', 'eur'), price('seat_based', 'eur')],
      true,
      [[1, 'amount_type']],
      'A seat_based price cannot be combined with a seat_based price in eur',
    ],
    [
      'custom after fixed',
      [price('fixed'), price('custom')],
      false,
      [[1, 'amount_type']],
      'A custom price cannot be combined with a fixed price in usd',
    ],
    [
      'fixed after custom',
      [price('custom'), price('fixed')],
      false,
      [[1, 'amount_type']],
      'A fixed price cannot be combined with a custom price in usd',
    ],
    [
      'two custom in one currency',
      [price('custom'), price('custom')],
      false,
      [[1, 'amount_type']],
      'A custom price cannot be combined with a custom price in usd',
    ],
    [
      'a third static price',
      [price('fixed'), price('seat_based'), price('fixed')],
      true,
      [[2, 'amount_type']],
      'A fixed price cannot be combined with a fixed and seat_based price in usd',
    ],
    // After custom every static price clashes; each clash names all that came before it
    [
      'custom, then fixed, then seat-based',
      [price('custom'), price('fixed'), price('seat_based')],
      true,
      [
        [1, 'amount_type'],
        [2, 'amount_type'],
      ],
      'A fixed price cannot be combined with a custom price in usd',
    ],
    [
      'metered on a one-time product',
      [price('fixed'), price('metered_unit', 'usd', 'm-1')],
      false,
      [[1, 'amount_type']],
      'Metered prices need a recurring product',
    ],
    [
      'the same models in usd, eur and jpy',
      ['usd', 'eur', 'jpy'].flatMap((c) => [
        price('fixed', c),
        price('seat_based', c),
        price('metered_unit', c, 'm-1'),
      ]),
      true,
      [],
      null,
    ],
    [
      'one meter priced in two currencies',
      [price('metered_unit', 'usd', 'm-1'), price('metered_unit', 'eur', 'm-1')],
      true,
      [],
      null,
    ],
    [
      'two prices on one meter',
      [price('metered_unit', 'eur', 'm-1'), price('metered_unit', 'eur', 'm-1')],
      true,
      [[1, 'meter_id']],
      'Only one price per meter in eur',
    ],
    [
      'two fixed in jpy beside one in usd',
      [price('fixed', 'jpy'), price('fixed'), price('fixed', 'jpy')],
      true,
      [[2, 'amount_type']],
      'A fixed price cannot be combined with a fixed price in jpy',
    ],
    [
      'two prices on one meter of a one-time product',
      [price('metered_unit', 'usd', 'm-1'), price('metered_unit', 'usd', 'm-1')],
      false,
      [
        [0, 'amount_type'],
        [1, 'amount_type'],
        [1, 'meter_id'],
      ],
      'Metered prices need a recurring product',
    ],
  ] as [string, ReturnType<typeof price>[], boolean, Loc[], string | null][])(
    '%s',
    (_name, prices, recurring, expected, message) => {
      const issues = priceSetIssues(prices, recurring, P);
      expect(locs(issues)).toEqual(expected.map((loc) => [...P, ...loc]));
      expect(issues[0]?.msg ?? null).toBe(message);
    },
  );
});

describe('priceChangeIssues', () => {
  const kept = (amount_type: string, price_currency = 'usd', meter_id: string | null = null) => ({
    amount_type,
    price_currency,
    meter_id,
  });
  const fixed = (price_amount: number, price_currency = 'usd'): PriceDraft => ({
    amount_type: 'fixed',
    price_currency,
    price_amount,
  });
  const metered = (meter_id: string | undefined, unit_amount: string = '1'): PriceDraft => ({
    amount_type: 'metered_unit',
    price_currency: 'usd',
    meter_id,
    unit_amount,
  });
  const METERS: ReadonlySet<string> = new Set(['m-1']);

  test.each([
    // name, added, kept, recurring, issues as [loc, type]
    ['a valid new product', [fixed(1000), metered('m-1')], [], true, []],
    ['a price added to a kept one in another currency', [fixed(1000, 'eur')], [kept('fixed')], true, []],
    // Added prices are located after the two kept ones: the first added is index 2
    [
      'an invalid amount after two kept prices',
      [fixed(1000, 'gbp'), fixed(49, 'cad')],
      [kept('fixed'), kept('fixed', 'eur')],
      false,
      [[['body', 'prices', 3, 'price_amount'], 'value_error']],
    ],
    [
      'an unknown meter',
      [metered('m-2')],
      [kept('fixed')],
      true,
      [[['body', 'prices', 1, 'meter_id'], 'unknown_meter']],
    ],
    [
      'a metered price without a meter',
      [metered(undefined)],
      [],
      true,
      [[['body', 'prices', 0, 'meter_id'], 'unknown_meter']],
    ],
    [
      'metered on a one-time product',
      [metered('m-1')],
      [kept('fixed')],
      false,
      [[['body', 'prices', 1, 'amount_type'], 'value_error']],
    ],
    [
      'a second static price of the same type in one currency',
      [fixed(2000)],
      [kept('fixed')],
      true,
      [[['body', 'prices', 1, 'amount_type'], 'value_error']],
    ],
    [
      'custom with another static price',
      [{ amount_type: 'custom', price_currency: 'usd', minimum_amount: 50 }],
      [kept('seat_based')],
      true,
      [[['body', 'prices', 1, 'amount_type'], 'value_error']],
    ],
    [
      'a second price on a kept price’s meter',
      [metered('m-1')],
      [kept('metered_unit', 'usd', 'm-1')],
      true,
      [[['body', 'prices', 1, 'meter_id'], 'value_error']],
    ],
    // Each price on its own first, then unknown meters, then the set: the fixed clash at 1, metered on a one-time product at 2
    [
      'everything at once, in order',
      [fixed(10), metered('m-9', '0')],
      [kept('fixed')],
      false,
      [
        [['body', 'prices', 1, 'price_amount'], 'value_error'],
        [['body', 'prices', 2, 'unit_amount'], 'value_error'],
        [['body', 'prices', 2, 'meter_id'], 'unknown_meter'],
        [['body', 'prices', 1, 'amount_type'], 'value_error'],
        [['body', 'prices', 2, 'amount_type'], 'value_error'],
      ],
    ],
  ] as [string, PriceDraft[], ReturnType<typeof kept>[], boolean, [Loc, string][]][])(
    '%s',
    (_name, added, keptPrices, recurring, expected) => {
      expect(priceChangeIssues(added, keptPrices, recurring, METERS).map((i) => [i.loc, i.type])).toEqual(expected);
    },
  );
});

test.each([
  // name, input, recurring, locs
  ['recurring without a trial', { recurring_interval: 'month', recurring_interval_count: 1 }, true, []],
  [
    'recurring with a full trial',
    { recurring_interval: 'month', trial_interval: 'day', trial_interval_count: 14 },
    true,
    [],
  ],
  ['recurring with a metered interval', { recurring_interval: 'month', meter_interval: 'month' }, true, []],
  ['a trial interval without its count', { trial_interval: 'day' }, true, [['body', 'trial_interval_count']]],
  ['a trial count without its interval', { trial_interval_count: 14 }, true, [['body', 'trial_interval']]],
  [
    'a trial count with a null interval',
    { trial_interval: null, trial_interval_count: 14 },
    true,
    [['body', 'trial_interval']],
  ],
  ['one-time, nothing recurring', {}, false, []],
  ['one-time with nulls', { recurring_interval_count: null, trial_interval: null, meter_interval: null }, false, []],
  ['one-time with an interval count', { recurring_interval_count: 1 }, false, [['body', 'recurring_interval_count']]],
  ['one-time with a meter interval', { meter_interval: 'month' }, false, [['body', 'meter_interval']]],
  // The both-or-neither trial rule applies to recurring products only; a one-time product hears about trial_interval alone
  [
    'one-time with a full trial',
    { trial_interval: 'day', trial_interval_count: 14 },
    false,
    [['body', 'trial_interval']],
  ],
  [
    'one-time with everything',
    { recurring_interval_count: 2, trial_interval: 'day', meter_interval: 'week' },
    false,
    [
      ['body', 'recurring_interval_count'],
      ['body', 'trial_interval'],
      ['body', 'meter_interval'],
    ],
  ],
] as [string, Parameters<typeof intervalIssues>[0], boolean, Loc[]][])(
  'intervalIssues: %s',
  (_name, input, recurring, expected) => {
    expect(locs(intervalIssues(input, recurring))).toEqual(expected);
  },
);

describe('customFieldPropertyIssues', () => {
  const LOC: Loc = ['body', 'properties'];

  test.each([
    // name, type, properties, locs (relative to the properties)
    ['text within bounds', 'text', { min_length: 2, max_length: 10 }, []],
    ['text with equal bounds', 'text', { min_length: 5, max_length: 5 }, []],
    ['text with a minimum only', 'text', { min_length: 5 }, []],
    ['text with max below min', 'text', { min_length: 10, max_length: 2 }, [['max_length']]],
    ['text bounds that are not numbers are left to the schema', 'text', { min_length: '10', max_length: 2 }, []],
    ['number within bounds', 'number', { ge: 1, le: 50 }, []],
    ['number with equal bounds', 'number', { ge: 3, le: 3 }, []],
    ['number with le below ge', 'number', { ge: 10, le: 1 }, [['le']]],
    ['date with le below ge', 'date', { ge: 1_700_000_001, le: 1_700_000_000 }, [['le']]],
    ['date with a lower bound only', 'date', { ge: 1_700_000_000 }, []],
    ['select with distinct options', 'select', { options: [{ value: 'a' }, { value: 'b' }] }, []],
    ['select without options', 'select', {}, []],
    [
      'select with a repeated option',
      'select',
      { options: [{ value: 'a' }, { value: 'b' }, { value: 'a' }] },
      [['options', 2, 'value']],
    ],
    [
      'select with one option three times',
      'select',
      { options: [{ value: 'a' }, { value: 'a' }, { value: 'a' }] },
      [
        ['options', 1, 'value'],
        ['options', 2, 'value'],
      ],
    ],
    ['bounds of another type are not checked', 'checkbox', { min_length: 10, max_length: 2, ge: 10, le: 1 }, []],
    ['text ignores ge and le', 'text', { ge: 10, le: 1 }, []],
  ] as [string, string, Record<string, unknown>, Loc[]][])('%s', (_name, type, properties, expected) => {
    expect(locs(customFieldPropertyIssues(type, properties, LOC))).toEqual(expected.map((loc) => [...LOC, ...loc]));
  });
});
