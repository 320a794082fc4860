// Metered billing's arithmetic against hand-computed figures: units beyond credits, their price rounded once half-up,
// the cap, the lines of a renewal with usage and a discount, and what rolls over when a meter resets.
import { rolloverCarry } from '../../src/domains/meter/customer-meter.logic';
import { meteredLine, type MeteredUsage } from '../../src/domains/subscription/metered-line.logic';
import { renewalLines } from '../../src/domains/subscription/renewal-lines.logic';
import { billableUnits, formatUnitAmount, unitsAmount } from '../../src/kernel/money';

test.each([
  // consumed, credited, billable units
  ['250', 100, '150'],
  ['80', 100, '0'],
  ['100', 100, '0'],
  ['10.5', 3, '7.5'],
  ['100.25', 100, '0.25'],
  ['0.75', 0, '0.75'],
  ['-5', 0, '0'],
  ['12000', 100, '11900'],
])('billableUnits(%s consumed, %i credited) = %s', (consumed, credited, expected) => {
  expect(billableUnits(consumed, credited)).toBe(expected);
});

test.each([
  // units, unit amount (minor units), amount: units × unit amount rounded once, half-up
  ['0', '0.35', 0],
  ['150', '0.35', 53], // 52.5
  ['149', '0.35', 52], // 52.15
  ['3', '0.5', 2], // 1.5
  ['1', '0.5', 1], // 0.5
  ['1', '0.49', 0], // 0.49
  ['7', '0.123', 1], // 0.861
  ['2.5', '3', 8], // 7.5
  ['0.001', '1', 0],
  ['11900', '0.35', 4165],
  ['1000000', '0.000000000001', 0], // 0.000001
  ['123456789', '12.5', 1_543_209_863], // 1 543 209 862.5
  ['3', '0.333333333333', 1], // 0.999999999999
  ['10', '99999999', 999_999_990],
])('unitsAmount(%s units × %s) = %i', (units, unitAmount, expected) => {
  expect(unitsAmount(units, unitAmount)).toBe(expected);
});

test.each([
  ['0.35', 'usd', 'USD 0.0035'],
  ['12', 'usd', 'USD 0.12'],
  ['1250', 'eur', 'EUR 12.5'],
  ['12', 'jpy', 'JPY 12'],
])('formatUnitAmount(%s, %s) = %s', (unitAmount, currency, expected) => {
  expect(formatUnitAmount(unitAmount, currency)).toBe(expected);
});

const usage = (
  consumed: string,
  credited: number,
  unitAmount = '0.35',
  capAmount: number | null = 4000,
): MeteredUsage => ({
  priceId: 'metered-1',
  meterName: 'API calls',
  consumed,
  credited,
  unitAmount,
  capAmount,
});

test.each([
  // usage, amount, label
  [usage('250', 100), 53, 'API calls — 150 units (250 consumed, 100 credited) × USD 0.0035'],
  [
    usage('12000', 100),
    4000,
    'API calls — 11900 units (12000 consumed, 100 credited) × USD 0.0035 — capped at USD 40.00',
  ],
  // 11 429 × 0.35 = 4000.15 → 4000: at the cap, not above it
  [usage('11529', 100), 4000, 'API calls — 11429 units (11529 consumed, 100 credited) × USD 0.0035'],
  [usage('80', 100), 0, 'API calls — 0 units (80 consumed, 100 credited) × USD 0.0035'],
  [usage('10.5', 3, '2', null), 15, 'API calls — 7.5 units (10.5 consumed, 3 credited) × USD 0.02'],
  // no cap: still at most what one charge may carry
  [
    usage('1000000000', 0, '1', null),
    99_999_999,
    'API calls — 1000000000 units (1000000000 consumed, 0 credited) × USD 0.01 — capped at USD 999,999.99',
  ],
])('meteredLine %#', (metered, amount, label) => {
  expect(meteredLine(metered, 'usd')).toEqual({ label, amount, priceId: 'metered-1', proration: false });
});

describe('renewalLines with metered usage', () => {
  const period = { start: new Date('2025-02-01T00:00:00Z'), end: new Date('2025-03-01T00:00:00Z') };
  const base = {
    productName: 'Pro',
    priceId: 'price-1',
    priceAmount: 1000,
    period,
    currency: 'usd',
    carried: [],
    metered: [usage('250', 100)],
  };
  const charge = { label: 'Pro — From 2025-02-01 to 2025-03-01', amount: 1000, priceId: 'price-1', proration: false };
  const metered = {
    label: 'API calls — 150 units (250 consumed, 100 credited) × USD 0.0035',
    amount: 53,
    priceId: 'metered-1',
    proration: false,
  };

  test('no discount: the charge and the usage line', () => {
    expect(renewalLines({ ...base, discount: null })).toEqual({
      lines: [charge, metered],
      discountAmount: 0,
      carryForward: 0,
      recurringAmount: 1000,
    });
  });

  test('10 % off applies to the usage too: 10 % of 1053 = 105.3 → 105; the recurring amount is 1000 − 100', () => {
    const result = renewalLines({ ...base, discount: { type: 'percentage', basis_points: 1000 } });
    expect(result).toEqual({ lines: [charge, metered], discountAmount: 105, carryForward: 0, recurringAmount: 900 });
  });

  test('a fixed discount larger than both takes 1053, and a carried credit of 300 is carried on', () => {
    const carried = [{ label: 'Credit', amount: -300, priceId: null }];
    const result = renewalLines({ ...base, carried, discount: { type: 'fixed', amounts: { usd: 2000 } } });
    expect(result).toEqual({
      lines: [
        charge,
        metered,
        { ...carried[0], proration: true },
        { label: 'Credit carried to the next renewal', amount: 300, priceId: null, proration: true },
      ],
      discountAmount: 1053,
      carryForward: -300,
      recurringAmount: 0,
    });
  });
});

test.each([
  // credited, consumed, rollover units, carried
  [100, '30', 100, 70],
  [100, '30', 0, 0], // no rollover credits: nothing carried
  [100, '30.5', 80, 69], // whole units left: 69.5 → 69
  [100, '30', 50, 50], // at most what rollover credits gave
  [100, '150', 100, 0],
  [100, '100', 100, 0],
  [170, '0', 170, 170],
  [50, '-10', 100, 50], // never more than credited
])('rolloverCarry(%i credited, %s consumed, %i rollover) = %i', (credited, consumed, rollover, expected) => {
  expect(rolloverCarry(credited, consumed, rollover)).toBe(expected);
});
