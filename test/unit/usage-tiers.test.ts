// Tiered usage rated by hand: graduated, volume and package prices at every tier boundary, the open-ended last tier,
// partial blocks rounded up and down, and the cap.
import { packageCount, rateUsage, type UsageTiers } from '../../src/kernel/usage-tiers';

/** First 1,000 units free, then 0.5 ¢ to 10,000, then 0.2 ¢. */
const graduated: UsageTiers = {
  type: 'graduated',
  tiers: [
    { bound: 1000, unit_amount: '0' },
    { bound: 10_000, unit_amount: '0.5' },
    { bound: null, unit_amount: '0.2' },
  ],
};
/** Every unit at 10 ¢ up to 100 units, at 8 ¢ up to 1,000, at 5 ¢ beyond. */
const volume: UsageTiers = {
  type: 'volume',
  tiers: [
    { bound: 100, unit_amount: '10' },
    { bound: 1000, unit_amount: '8' },
    { bound: null, unit_amount: '5' },
  ],
};
const lines = (units: string, tiers: UsageTiers) =>
  rateUsage(tiers, units, null, null).lines.map((l) => [l.tier, l.quantity, l.amount]);

test.each([
  // units, [tier, quantity, amount] per line, total
  ['0', [[1, '0', 0]], 0],
  ['1', [[1, '1', 0]], 0],
  ['1000', [[1, '1000', 0]], 0],
  [
    '1001',
    [
      [1, '1000', 0],
      [2, '1', 1],
    ],
    1,
  ], // 0.5 → 1 (half-up)
  [
    '1002',
    [
      [1, '1000', 0],
      [2, '2', 1],
    ],
    1,
  ],
  [
    '10000',
    [
      [1, '1000', 0],
      [2, '9000', 4500],
    ],
    4500,
  ],
  [
    '10001',
    [
      [1, '1000', 0],
      [2, '9000', 4500],
      [3, '1', 0],
    ],
    4500,
  ], // 0.2 → 0
  [
    '25000',
    [
      [1, '1000', 0],
      [2, '9000', 4500],
      [3, '15000', 3000],
    ],
    7500,
  ],
  [
    '1000.5',
    [
      [1, '1000', 0],
      [2, '0.5', 0],
    ],
    0,
  ], // 0.25 → 0
  [
    '10000.25',
    [
      [1, '1000', 0],
      [2, '9000', 4500],
      [3, '0.25', 0],
    ],
    4500,
  ],
])('graduated: %s units', (units, expected, total) => {
  expect(lines(units, graduated)).toEqual(expected);
  expect(rateUsage(graduated, units, null, null).amount).toBe(total);
});

test.each([
  ['0', [1, '0', 0]],
  ['1', [1, '1', 10]],
  ['100', [1, '100', 1000]],
  ['101', [2, '101', 808]],
  ['1000', [2, '1000', 8000]],
  ['1001', [3, '1001', 5005]],
  ['250.5', [2, '250.5', 2004]],
  ['100.5', [2, '100.5', 804]],
])('volume: %s units', (units, expected) => {
  expect(lines(units, volume)).toEqual([expected]);
});

test('each line names its tier range and rate', () => {
  expect(rateUsage(graduated, '12000', null, null).lines).toEqual([
    { tier: 1, from: 1, to: 1000, quantity: '1000', unit_amount: '0', amount: 0 },
    { tier: 2, from: 1001, to: 10_000, quantity: '9000', unit_amount: '0.5', amount: 4500 },
    { tier: 3, from: 10_001, to: null, quantity: '2000', unit_amount: '0.2', amount: 400 },
  ]);
});

test.each([
  // units, size, rounding, blocks
  ['0', 1000, 'up', '0'],
  ['1', 1000, 'up', '1'],
  ['999', 1000, 'up', '1'],
  ['1000', 1000, 'up', '1'],
  ['1001', 1000, 'up', '2'],
  ['0', 1000, 'down', '0'],
  ['999', 1000, 'down', '0'],
  ['1000', 1000, 'down', '1'],
  ['1999', 1000, 'down', '1'],
  ['2000', 1000, 'down', '2'],
  ['150.5', 50, 'up', '4'],
  ['150.5', 50, 'down', '3'],
  ['150.0', 50, 'up', '3'], // an exact multiple, written with a decimal
] as const)('%s units in blocks of %i rounded %s: %s blocks', (units, size, rounding, blocks) => {
  expect(packageCount(units, { size, rounding })).toBe(blocks);
});

/** $5 per started block of 1,000 calls. */
const perBlock: UsageTiers = { type: 'graduated', tiers: [{ bound: null, unit_amount: '500' }] };
test.each([
  ['0', 'up', 0],
  ['1', 'up', 500],
  ['1000', 'up', 500],
  ['1001', 'up', 1000],
  ['999', 'down', 0],
  ['1999', 'down', 500],
  ['2000', 'down', 1000],
] as const)('package: %s calls rounded %s cost %i', (units, rounding, amount) => {
  const rating = rateUsage(perBlock, units, { size: 1000, rounding }, null);
  expect(rating.amount).toBe(amount);
  expect(rating.lines).toHaveLength(1);
});

test('package with graduated tiers: the bounds count blocks', () => {
  // 1,550 units in blocks of 100, up: 16 blocks; 10 at $1, 6 at 50 ¢
  const tiers: UsageTiers = {
    type: 'graduated',
    tiers: [
      { bound: 10, unit_amount: '100' },
      { bound: null, unit_amount: '50' },
    ],
  };
  const rating = rateUsage(tiers, '1550', { size: 100, rounding: 'up' }, null);
  expect(rating.quantity).toBe('16');
  expect(rating.lines.map((l) => [l.quantity, l.amount])).toEqual([
    ['10', 1000],
    ['6', 300],
  ]);
  expect(rating.amount).toBe(1300);
});

test.each([
  // units, cap, amount, capped
  ['25000', 5000, 5000, true],
  ['25000', 7500, 7500, false],
  ['25000', 7499, 7499, true],
  ['25000', 0, 0, true],
  ['0', 0, 0, false],
  ['25000', null, 7500, false],
] as const)('graduated %s units capped at %p: %i', (units, cap, amount, capped) => {
  const rating = rateUsage(graduated, units, null, cap);
  expect(rating).toMatchObject({ subtotal: units === '0' ? 0 : 7500, amount, capped });
});

test('the most one charge may carry limits each line, and the cap their sum', () => {
  const huge: UsageTiers = { type: 'volume', tiers: [{ bound: null, unit_amount: '99999999' }] };
  const one = rateUsage(huge, '30000', null, null); // 2,999,969,999,970: beyond a 32-bit order line
  expect(one).toMatchObject({ subtotal: 99_999_999, amount: 99_999_999, capped: false });
  expect(one.lines.map((l) => l.amount)).toEqual([99_999_999]);
  const tiers: UsageTiers = {
    type: 'graduated',
    tiers: [
      { bound: 2, unit_amount: '99999999' },
      { bound: null, unit_amount: '99999999' },
    ],
  };
  const two = rateUsage(tiers, '3', null, null); // lines of 199,999,998 and 99,999,999
  expect(two.lines.map((l) => l.amount)).toEqual([99_999_999, 99_999_999]);
  expect(two).toMatchObject({ subtotal: 199_999_998, amount: 99_999_999, capped: true });
});
