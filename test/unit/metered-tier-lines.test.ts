// A tiered metered price's renewal lines (one per tier reached, with its quantity and unit amount, and the cap's), the
// subscription meter's amount so far (their sum), and the rules a tiered price's tiers must meet.
import { priceChangeIssues } from '../../src/domains/catalog/price-change.logic';
import { normalizedUsageTiers, usageTierIssues } from '../../src/domains/catalog/usage-tier.logic';
import { finalUsageLines } from '../../src/domains/subscription/final-usage-lines.logic';
import { meteredAmount, meteredLines, type MeteredUsage } from '../../src/domains/subscription/metered-line.logic';
import type { UsagePackage, UsageTiers } from '../../src/kernel/usage-tiers';

/** First 1,000 calls free, then 0.5 ¢ to 10,000, then 0.2 ¢. */
const graduated: UsageTiers = {
  type: 'graduated',
  tiers: [
    { bound: 1000, unit_amount: '0' },
    { bound: 10_000, unit_amount: '0.5' },
    { bound: null, unit_amount: '0.2' },
  ],
};
const usage = (
  consumed: string,
  credited: number,
  tiers: UsageTiers,
  capAmount: number | null = null,
  pkg: UsagePackage | null = null,
): MeteredUsage => ({
  priceId: 'tiered-1',
  meterName: 'API calls',
  consumed,
  credited,
  unitAmount: null,
  capAmount,
  tiers,
  package: pkg,
});
const shown = (u: MeteredUsage, currency = 'usd') => meteredLines(u, currency).map((l) => [l.label, l.amount]);

test('graduated: a line per tier reached, beyond the credits', () => {
  // 12,100 consumed − 100 credited = 12,000: 1,000 free, 9,000 × 0.5 ¢ = $45, 2,000 × 0.2 ¢ = $4
  const head = 'API calls — 12000 units (12100 consumed, 100 credited)';
  expect(shown(usage('12100', 100, graduated))).toEqual([
    [`${head}, tier 1 (units 1 to 1000): 1000 units × USD 0`, 0],
    [`${head}, tier 2 (units 1001 to 10000): 9000 units × USD 0.005`, 4500],
    [`${head}, tier 3 (units 10001 and up): 2000 units × USD 0.002`, 400],
  ]);
  expect(meteredAmount(usage('12100', 100, graduated), 'usd')).toBe(4900);
  expect(meteredLines(usage('12100', 100, graduated), 'usd')[0]).toMatchObject({
    priceId: 'tiered-1',
    proration: false,
  });
});

test('graduated: nothing beyond the credits is one line of the first tier for 0', () => {
  expect(shown(usage('80', 100, graduated))).toEqual([
    ['API calls — 0 units (80 consumed, 100 credited), tier 1 (units 1 to 1000): 0 units × USD 0', 0],
  ]);
});

test('a cap takes off what goes beyond it, on a line of its own', () => {
  expect(shown(usage('12000', 0, graduated, 4000)).slice(2)).toEqual([
    ['API calls — 12000 units (12000 consumed, 0 credited), tier 3 (units 10001 and up): 2000 units × USD 0.002', 400],
    ['API calls — capped at USD 40.00', -900],
  ]);
  expect(meteredAmount(usage('12000', 0, graduated, 4000), 'usd')).toBe(4000);
});

test('volume: one line, every unit at the rate of the tier holding the total', () => {
  const volume: UsageTiers = { ...graduated, type: 'volume' };
  expect(shown(usage('12000', 0, volume))).toEqual([
    [
      'API calls — 12000 units (12000 consumed, 0 credited), volume tier 3 (units 10001 and up): 12000 units × USD 0.002',
      2400,
    ],
  ]);
  expect(shown(usage('10000', 0, volume))).toEqual([
    [
      'API calls — 10000 units (10000 consumed, 0 credited), volume tier 2 (units 1001 to 10000): 10000 units × USD 0.005',
      5000,
    ],
  ]);
});

test('package: blocks of 1,000 calls at $5, a started block rounded up; in JPY, ¥700 a block', () => {
  const perBlock: UsageTiers = { type: 'graduated', tiers: [{ bound: null, unit_amount: '500' }] };
  expect(shown(usage('2500', 0, perBlock, null, { size: 1000, rounding: 'up' }))).toEqual([
    [
      'API calls — 2500 units (2500 consumed, 0 credited) in 3 blocks of 1000 (rounded up), tier 1 (blocks 1 and up): 3 blocks × USD 5',
      1500,
    ],
  ]);
  const yen: UsageTiers = { type: 'graduated', tiers: [{ bound: null, unit_amount: '700' }] };
  expect(meteredAmount(usage('2500', 0, yen, null, { size: 1000, rounding: 'down' }), 'jpy')).toBe(1400);
});

test('the final usage order of a tiered price: its lines, discounted as renewals are', () => {
  const result = finalUsageLines([usage('12100', 100, graduated)], { type: 'percentage', basis_points: 1000 }, 'usd');
  expect(result?.lines.map((l) => l.amount)).toEqual([0, 4500, 400]);
  expect(result?.discountAmount).toBe(490);
  expect(finalUsageLines([usage('900', 0, graduated)], null, 'usd')).toBeNull(); // all within the free tier
});

const LOC = ['body', 'prices', 0, 'tiers', 'tiers'];
test.each([
  // tiers, the locations of the issues (under LOC)
  [[{ bound: 10, unit_amount: '1' }, { unit_amount: '0.5' }], []],
  [[{ unit_amount: 2 }], []],
  [
    [
      { bound: 10, unit_amount: '0' },
      { bound: null, unit_amount: '1' },
    ],
    [],
  ],
  [[{ bound: 10, unit_amount: '1' }], [[0, 'bound']]], // the last must be open-ended
  [[{ unit_amount: '1' }, { unit_amount: '1' }], [[0, 'bound']]], // only the last may be
  [[{ bound: 10, unit_amount: '1' }, { bound: 10, unit_amount: '1' }, { unit_amount: '1' }], [[1, 'bound']]],
  [[{ bound: 10, unit_amount: '1' }, { bound: 5, unit_amount: '1' }, { unit_amount: '1' }], [[1, 'bound']]],
  [[{ bound: 10, unit_amount: '-1' }, { unit_amount: '1' }], [[0, 'unit_amount']]],
  [
    [{ bound: 10, unit_amount: 'abc' }, { unit_amount: '1.1234567890123' }],
    [
      [0, 'unit_amount'],
      [1, 'unit_amount'],
    ],
  ],
  [[{ bound: 10, unit_amount: 0 }, { unit_amount: '0.00' }], [[0, 'unit_amount']]], // nothing to bill at all
])('usageTierIssues %#', (tiers, expected) => {
  expect(usageTierIssues(tiers, LOC).map((i) => i.loc.slice(LOC.length))).toEqual(expected);
});

test('tiers are stored with open bounds null and rates normalised', () => {
  expect(
    normalizedUsageTiers({ type: 'volume', tiers: [{ bound: 5, unit_amount: '0.50' }, { unit_amount: 0 }] }),
  ).toEqual({
    type: 'volume',
    tiers: [
      { bound: 5, unit_amount: '0.5' },
      { bound: null, unit_amount: '0' },
    ],
  });
});

test('a tiered price needs a meter of the organization, a recurring product and its own meter', () => {
  const tiered = {
    amount_type: 'metered_tiers' as const,
    price_currency: 'usd',
    meter_id: 'm-1',
    tiers: { type: 'graduated', tiers: [{ unit_amount: '1' }] },
  };
  expect(priceChangeIssues([tiered], [], true, new Set(['m-1']))).toEqual([]);
  const issues = priceChangeIssues([tiered, tiered], [], false, new Set());
  expect(issues.map((i) => [i.loc.join('.'), i.type])).toEqual([
    ['body.prices.0.meter_id', 'unknown_meter'],
    ['body.prices.1.meter_id', 'unknown_meter'],
    ['body.prices.0.amount_type', 'value_error'],
    ['body.prices.1.amount_type', 'value_error'],
    ['body.prices.1.meter_id', 'value_error'],
  ]);
});
