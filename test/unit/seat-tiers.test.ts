// Seat prices rated by hand, line by line: per-seat rates, a flat fee per tier, and "base + per additional seat".
import { proratedAmount, seatsPrice } from '../../src/kernel/money';
import { seatTierLines, seatTierParts, splitByWeights, type SeatTier } from '../../src/kernel/seat-tiers';
import { renewalLines } from '../../src/domains/subscription/renewal-lines.logic';
import { normalizedTiers, seatTierIssues } from '../../src/domains/catalog/seat-tier.logic';

/** $50 covers the first 5 seats; each additional seat is $8. */
const basePlusAdditional: SeatTier[] = [
  { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 5000 },
  { min_seats: 6, max_seats: null, price_per_seat: 800 },
];
/** Volume: $10 a seat and a $20 fee up to 4 seats; $8 a seat and a $10 fee from 5. */
const volumeWithFee: SeatTier[] = [
  { min_seats: 1, max_seats: 4, price_per_seat: 1000, flat_amount: 2000 },
  { min_seats: 5, max_seats: null, price_per_seat: 800, flat_amount: 1000 },
];
const summary = (tiers: SeatTier[], seats: number, type: 'volume' | 'graduated') =>
  seatTierLines(tiers, seats, type)?.map((l) => [l.tier, l.seats, l.flat_amount, l.amount]) ?? null;

test.each([
  // seats, [tier, seats, flat fee, amount] per line, total
  [0, null, null],
  [1, [[1, 1, 5000, 5000]], 5000],
  [5, [[1, 5, 5000, 5000]], 5000],
  [
    6,
    [
      [1, 5, 5000, 5000],
      [2, 1, 0, 800],
    ],
    5800,
  ],
  [
    10,
    [
      [1, 5, 5000, 5000],
      [2, 5, 0, 4000],
    ],
    9000,
  ],
  [
    100,
    [
      [1, 5, 5000, 5000],
      [2, 95, 0, 76_000],
    ],
    81_000,
  ],
] as const)('base + additional, %i seats', (seats, expected, total) => {
  expect(summary(basePlusAdditional, seats, 'graduated')).toEqual(expected);
  expect(seatsPrice(basePlusAdditional, seats, 'graduated')).toBe(total);
});

test.each([
  [1, [[1, 1, 2000, 3000]], 3000],
  [4, [[1, 4, 2000, 6000]], 6000],
  [5, [[2, 5, 1000, 5000]], 5000],
  [12, [[2, 12, 1000, 10_600]], 10_600],
] as const)('volume with a flat fee, %i seats', (seats, expected, total) => {
  expect(summary(volumeWithFee, seats, 'volume')).toEqual(expected);
  expect(seatsPrice(volumeWithFee, seats, 'volume')).toBe(total);
});

test.each([
  [1, 3000],
  [4, 6000], // 4 × $10 + $20
  [5, 6000 + 800 + 1000], // the second tier's fee once it is reached
  [7, 6000 + 2400 + 1000],
])('graduated with a flat fee per tier, %i seats: %i', (seats, total) => {
  expect(seatsPrice(volumeWithFee, seats, 'graduated')).toBe(total);
});

test('tiers without a flat fee price as before, a line per tier reached', () => {
  const tiers: SeatTier[] = [
    { min_seats: 1, max_seats: 4, price_per_seat: 1000 },
    { min_seats: 5, max_seats: null, price_per_seat: 800 },
  ];
  expect(seatTierLines(tiers, 6, 'graduated')).toEqual([
    { tier: 1, seats: 4, price_per_seat: 1000, flat_amount: 0, amount: 4000 },
    { tier: 2, seats: 2, price_per_seat: 800, flat_amount: 0, amount: 1600 },
  ]);
});

describe('a renewal of seats rated in several parts shows a line per tier', () => {
  const base = {
    productName: 'Team',
    priceId: 'price-1',
    period: { start: new Date('2025-02-01T00:00:00Z'), end: new Date('2025-03-01T00:00:00Z') },
    discount: null,
    currency: 'usd',
    carried: [],
  };
  const period = 'Team — From 2025-02-01 to 2025-03-01';

  test('base + additional: the base with its fee, then the additional seats', () => {
    const seats = { count: 8, tiers: basePlusAdditional, type: 'graduated' as const };
    expect(renewalLines({ ...base, priceAmount: 7400, seats }).lines.map((l) => [l.label, l.amount])).toEqual([
      [`${period}, tier 1 (seats 1 to 5): 5 seats × USD 0.00 + USD 50.00 flat`, 5000],
      [`${period}, tier 2 (seats 6 and up): 3 seats × USD 8.00`, 2400],
    ]);
  });

  test('one tier without a fee, or a price amount the tiers no longer give: the one period line', () => {
    const single = {
      count: 3,
      tiers: [{ min_seats: 1, max_seats: null, price_per_seat: 800 }],
      type: 'volume' as const,
    };
    expect(renewalLines({ ...base, priceAmount: 2400, seats: single }).lines).toEqual([
      { label: period, amount: 2400, priceId: 'price-1', proration: false },
    ]);
    const seats = { count: 8, tiers: basePlusAdditional, type: 'graduated' as const };
    expect(renewalLines({ ...base, priceAmount: 7000, seats }).lines.map((l) => l.amount)).toEqual([7000]);
  });

  test('volume with a fee: the tier holding the count', () => {
    const seats = { count: 5, tiers: volumeWithFee, type: 'volume' as const };
    expect(renewalLines({ ...base, priceAmount: 5000, seats }).lines.map((l) => [l.label, l.amount])).toEqual([
      [`${period}, tier 2 (seats 5 and up): 5 seats × USD 8.00 + USD 10.00 flat`, 5000],
    ]);
  });
});

test('a flat fee is at most what one charge may carry, and stored only where set', () => {
  const loc = ['body', 'prices', 0, 'seat_tiers', 'tiers'];
  expect(seatTierIssues([{ min_seats: 1, max_seats: null, price_per_seat: 0, flat_amount: 100_000_000 }], loc)).toEqual(
    [{ loc: [...loc, 0, 'flat_amount'], msg: 'flat_amount must be at most 99999999', type: 'value_error' }],
  );
  expect(
    normalizedTiers([
      { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 5000 },
      { min_seats: 6, price_per_seat: 800, flat_amount: null },
      { min_seats: 7, price_per_seat: 700, flat_amount: 0 },
    ]),
  ).toEqual([
    { min_seats: 1, max_seats: 5, price_per_seat: 0, flat_amount: 5000 },
    { min_seats: 6, max_seats: null, price_per_seat: 800 },
    { min_seats: 7, max_seats: null, price_per_seat: 700 },
  ]);
});

// A prorated amount shown per tier: split in proportion to the tier lines by largest remainder (README).
test.each([
  // total, weights, parts (by hand: exact shares, whole parts, remainders, leftover units to the largest remainders)
  [1000, [5000, 4000], [556, 444]], // 555.56 + 444.44: 555 + 444, the one left to the .56
  [-1200, [5000, 4000], [-667, -533]], // 666.67 + 533.33: 666 + 533, the one left to the .67 (credits alike)
  [10, [1, 2], [3, 7]], // 3.33 + 6.67: the later tier's remainder is larger
  [-10, [1, 2], [-3, -7]],
  [1, [1, 1], [1, 0]], // a tie: the earlier tier
  [101, [1, 1, 1], [34, 34, 33]], // 33.67 × 3: two units left, to the first two
  [500, [0, 300, 700], [0, 150, 350]], // a tier of 0 (a free first tier) gets 0; exact shares need no units
  [0, [5000, 4000], [0, 0]],
  [99_999_999, [99_999_999, 1], [99_999_998, 1]], // products past 2^53: 99999998.00000001 and 0.99999999
] as const)('splitByWeights(%i, %j) = %j', (total, weights, parts) => {
  const split = splitByWeights(total, weights);
  expect(split).toEqual(parts);
  expect(split.reduce((sum, p) => sum + p, 0)).toBe(total);
});

test('splitByWeights refuses weights that sum to 0 rather than dividing by it', () => {
  expect(() => splitByWeights(100, [0, 0])).toThrow(RangeError);
});

/** Graduated: $10 a seat for seats 1–3, $5.50 from the 4th. */
const graduated: SeatTier[] = [
  { min_seats: 1, max_seats: 3, price_per_seat: 1000 },
  { min_seats: 4, max_seats: null, price_per_seat: 550 },
];
const single: SeatTier[] = [{ min_seats: 1, max_seats: null, price_per_seat: 800 }];

test.each([
  // tiers, type, seats, price amount, the part amounts shown (null: one line)
  [single, 'volume', 5, 4000, null], // one tier, no fee: one line as before
  [single, 'graduated', 5, 4000, null],
  [graduated, 'graduated', 3, 3000, null], // only the first tier reached
  [graduated, 'graduated', 5, 4100, [3000, 1100]],
  [graduated, 'volume', 5, 2750, null], // volume: one tier holds them all
  [volumeWithFee, 'volume', 5, 5000, [5000]], // a flat fee: its line shows it
  [basePlusAdditional, 'graduated', 10, 9000, [5000, 4000]],
  [basePlusAdditional, 'graduated', 10, 8000, null], // lines not adding up to the price billed: one line
  [
    [
      { min_seats: 1, max_seats: 3, price_per_seat: 0 },
      { min_seats: 4, max_seats: null, price_per_seat: 0 },
    ],
    'graduated',
    5,
    0,
    null,
  ], // free in every tier: one line of 0, nothing to split
] as const)('seatTierParts: %#', (tiers, type, seats, priceAmount, amounts) => {
  expect(seatTierParts(tiers, seats, type, priceAmount)?.map((p) => p.amount) ?? null).toEqual(amounts);
});

test.each([
  // tiers, seats, price, unused / whole days, the one prorated amount, the tier lines (by hand)
  // 9000 × 15/30 = 4500: 5000/9000 and 4000/9000 of it are 2500 and 2000 exactly.
  [basePlusAdditional, 10, 9000, 15, 30, 4500, [2500, 2000]],
  // 9000 × 10/30 = 3000: 1666.67 and 1333.33 → 1666 + 1333, the unit left to the first.
  [basePlusAdditional, 10, 9000, 10, 30, 3000, [1667, 1333]],
  // 4100 × 11/31 = 1454.84 → 1455; 1455 × 3000/4100 = 1064.63, × 1100/4100 = 390.37 → 1065 + 390.
  [graduated, 5, 4100, 11, 31, 1455, [1065, 390]],
  // 4100 × 1/31 = 132.26 → 132; 96.59 and 35.41 → 96 + 35, the unit to the .59: 97 + 35.
  [graduated, 5, 4100, 1, 31, 132, [97, 35]],
] as const)('a prorated seat price per tier: %#', (tiers, seats, price, unused, whole, prorated, lines) => {
  const parts = seatTierParts(tiers, seats, 'graduated', price)!;
  const amount = proratedAmount(price, unused, whole);
  expect(amount).toBe(prorated);
  expect(
    splitByWeights(
      amount,
      parts.map((p) => p.amount),
    ),
  ).toEqual(lines);
  expect(
    splitByWeights(
      -amount,
      parts.map((p) => p.amount),
    ),
  ).toEqual(lines.map((l) => -l)); // the credit alike
});
