import { isValidPriceAmount, normalizeUnitAmount, percentageOf, seatsPrice, type SeatTier } from '../../src/kernel/money';

test.each([
  [0, true],
  [1, false],
  [49, false],
  [50, true],
  [1000, true],
  [99_999_999, true],
  [100_000_000, false],
  [-50, false],
  [10.5, false],
])('price amount %p valid: %p', (amount, valid) => {
  expect(isValidPriceAmount(amount)).toBe(valid);
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
