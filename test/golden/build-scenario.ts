// A cell's scenario: the axis values turned into a catalog, a buyer and a timeline with every time written out.
// Cells with the same interval, trial and lifecycle have the same timeline, so they share a test clock.
import type { Cell } from './axes';
import type { Action, Buyer, Currency, Discount, Interval, IntervalUnit, PriceSpec, Scenario } from './scenario';

export const START = '2027-01-15T12:00:00.000Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A product's amount in each currency (odd amounts, so that every rounding is exercised). */
const AMOUNT: Record<Currency, number> = { usd: 1999, eur: 1799, jpy: 2980 };
const UNIT_RATE: Record<Currency, string> = { usd: '2.5', eur: '2.25', jpy: '0.4' };
const TIER_RATES: Record<Currency, [string, string]> = {
  usd: ['1.5', '0.75'],
  eur: ['1.25', '0.5'],
  jpy: ['0.3', '0.15'],
};
const PACKAGE_RATE: Record<Currency, string> = { usd: '40', eur: '35', jpy: '60' };
const FIXED_DISCOUNT: Record<Currency, number> = { usd: 300, eur: 250, jpy: 450 };
/** Units reported in the first three periods (a period with none shows the first tier's line at 0). */
const USAGE = [137, 0, 1234];
export const SEATS = 3;
const SEATS_AFTER = 6;

/** The price of a model in a currency, scaled (an upgrade is twice the amounts, a downgrade half); null: not built. */
export function priceOf(model: string, currency: Currency, scale = 1): PriceSpec | null {
  const amount = Math.round(AMOUNT[currency] * scale);
  const rate = (r: string) => String(Number(r) * scale); // scales by 2 and ½ print exactly
  const [low, high] = TIER_RATES[currency].map(rate) as [string, string];
  const tiers = [
    { bound: 100, unit_amount: '0' },
    { bound: 1000, unit_amount: low },
    { bound: null, unit_amount: high },
  ];
  switch (model) {
    case 'fixed':
      return { model: 'fixed', amount };
    case 'free':
      return { model: 'free' };
    case 'custom':
      return { model: 'custom', minimum: 500, amount: Math.round(amount * 0.62) };
    case 'seat_volume':
      return {
        model: 'seat_based',
        tierType: 'volume',
        tiers: [
          { min_seats: 1, max_seats: 4, price_per_seat: Math.round(amount / 4) },
          { min_seats: 5, max_seats: null, price_per_seat: Math.round(amount / 5) },
        ],
      };
    case 'seat_graduated':
      return {
        model: 'seat_based',
        tierType: 'graduated',
        tiers: [
          { min_seats: 1, max_seats: 2, price_per_seat: 0, flat_amount: amount },
          { min_seats: 3, max_seats: null, price_per_seat: Math.round(amount / 3) },
        ],
      };
    case 'metered_unit':
      return { model: 'metered_unit', base: amount, unitAmount: rate(UNIT_RATE[currency]) };
    case 'metered_graduated':
    case 'metered_volume':
      return {
        model: 'metered_tiers',
        base: amount,
        tierType: model === 'metered_graduated' ? 'graduated' : 'volume',
        tiers,
        ...(model === 'metered_volume' && { cap: amount }),
      };
    case 'metered_package_up':
    case 'metered_package_down':
      return {
        model: 'metered_tiers',
        base: amount,
        tierType: 'graduated',
        tiers: [{ bound: null, unit_amount: rate(PACKAGE_RATE[currency]) }],
        package: { size: 50, rounding: model === 'metered_package_up' ? 'up' : 'down' },
      };
    default:
      return null;
  }
}

/** A value the builder does not know (a new enum value): its cells stay uncovered until it does. */
class Unknown extends Error {}
const known = <T extends string>(value: string, values: readonly T[]): T => {
  if (!values.includes(value as T)) throw new Unknown(value);
  return value as T;
};
const UNITS = ['day', 'week', 'month', 'year'] as const;

function discountOf(discount: string, currency: Currency): Discount | null {
  if (discount === 'none') return null;
  const [kind, length] = discount.split('_');
  const type = known(kind!, ['fixed', 'percentage'] as const);
  const duration = known(length!, ['once', 'forever', 'repeating'] as const);
  return {
    type,
    duration,
    ...(type === 'fixed' ? { amount: FIXED_DISCOUNT[currency] } : { basisPoints: 1500 }),
    ...(duration === 'repeating' && { months: 2 }),
  };
}

const BUYERS: Record<string, Buyer> = {
  eu_consumer: { country: 'DE' },
  eu_business: { country: 'DE', postalCode: '10115', line1: 'Invalidenstraße 1', city: 'Berlin', taxId: 'DE136695976' },
  us_taxed: { country: 'US', state: 'NY', postalCode: '10001', line1: '1 Main St', city: 'New York' },
  us_untaxed: { country: 'US', state: 'OR', postalCode: '97201', line1: '1 Main St', city: 'Portland' },
  no_tax: { country: 'HK' },
};

/** `month2` → every two months; `one_time` → null. */
export function intervalOf(name: string): Interval | null {
  if (name === 'one_time') return null;
  return { unit: known(name.slice(0, -1), UNITS), count: Number(name.slice(-1)) };
}

const TRIAL_COUNT: Record<IntervalUnit, number> = { day: 7, week: 2, month: 1, year: 1 };
const trialOf = (name: string): Interval | null =>
  name === 'none' ? null : { unit: known(name, UNITS), count: TRIAL_COUNT[known(name, UNITS)] };

/** The date `n` intervals after `from` (UTC calendar units; the grid starts on the 15th, so no month is short). */
export function after(from: string, interval: Interval, n = 1): string {
  const d = new Date(from);
  const k = interval.count * n;
  if (interval.unit === 'day') d.setUTCDate(d.getUTCDate() + k);
  if (interval.unit === 'week') d.setUTCDate(d.getUTCDate() + 7 * k);
  if (interval.unit === 'month') d.setUTCMonth(d.getUTCMonth() + k);
  if (interval.unit === 'year') d.setUTCFullYear(d.getUTCFullYear() + k);
  return d.toISOString();
}

const plus = (at: string, ms: number) => new Date(new Date(at).getTime() + ms).toISOString();
/** The instant a fraction of the way through the period from `from` (to the second). */
const into = (from: string, interval: Interval, fraction: number) => {
  const start = new Date(from).getTime();
  const length = new Date(after(from, interval)).getTime() - start;
  return new Date(Math.floor((start + length * fraction) / 1000) * 1000).toISOString();
};

/** The timeline of a lifecycle: the actions (the price-dependent ones filled in by `scenarioOf`) and the end. */
function timelineOf(cell: Cell, price: PriceSpec, currency: Currency): { actions: Action[]; until: string } {
  const interval = intervalOf(cell.interval);
  if (!interval) {
    const refund = cell.lifecycle.startsWith('refund_');
    const part = cell.lifecycle === 'refund_full' ? 'full' : 'partial';
    return {
      actions: refund ? [{ at: plus(START, HOUR), kind: 'refund', order: 0, part }] : [],
      until: plus(START, 2 * HOUR),
    };
  }
  const trial = trialOf(cell.trial);
  const first = trial ? after(START, trial) : START;
  const period = (k: number) => after(first, interval, k);
  const change = into(first, interval, 0.4);
  const metered = price.model === 'metered_unit' || price.model === 'metered_tiers';
  const usage = (k: number): Action[] =>
    metered ? [{ at: into(period(k), interval, 0.3), kind: 'usage', units: USAGE[k] }] : [];
  const [kind, behaviour] = cell.lifecycle.split(/_(.*)/) as [string, string];
  switch (cell.lifecycle) {
    case 'renew3':
      return { actions: [...usage(0), ...usage(1), ...usage(2)], until: plus(period(3), HOUR) };
    case 'seat_change':
      return {
        actions: [...usage(0), { at: change, kind: 'change_seats', seats: SEATS_AFTER, proration: 'prorate' }],
        until: plus(period(2), HOUR),
      };
    case 'pause_resume': {
      const resumesAt = new Date(Math.floor(new Date(into(period(1), interval, 0.5)).getTime() / HOUR) * HOUR);
      const resumed = resumesAt.toISOString();
      return {
        actions: [...usage(0), { at: change, kind: 'pause_now', resumesAt: resumed }],
        until: plus(after(resumed, interval), HOUR),
      };
    }
    case 'cancel_at_period_end':
      return { actions: [...usage(0), { at: change, kind: 'cancel_at_period_end' }], until: plus(period(2), HOUR) };
    case 'revoke':
      return { actions: [...usage(0), { at: change, kind: 'revoke' }], until: plus(period(1), HOUR) };
    case 'dunning_recovered':
      return {
        actions: [
          ...usage(0),
          { at: change, kind: 'card', declines: true },
          { at: plus(period(1), DAY), kind: 'card', declines: false },
        ],
        // past the first retry (2 days on), so that a short period's renewals wait for it and then catch up
        until: plus([period(2), plus(period(1), 3 * DAY)].sort().at(-1)!, HOUR),
      };
    case 'dunning_failed':
      return {
        actions: [...usage(0), { at: change, kind: 'card', declines: true }],
        until: plus(period(1), 22 * DAY),
      };
    case 'refund_partial':
    case 'refund_full':
      return {
        actions: [
          {
            at: plus(first, HOUR),
            kind: 'refund',
            order: 0,
            part: cell.lifecycle === 'refund_full' ? 'full' : 'partial',
          },
          ...usage(0),
        ],
        until: plus(period(1), HOUR),
      };
    default: {
      if (kind !== 'upgrade' && kind !== 'downgrade') throw new Unknown(cell.lifecycle);
      const proration = known(behaviour, ['prorate', 'invoice', 'next_period'] as const);
      // the same model at twice or half the amounts; free moves up to the fixed price
      const target = priceOf(cell.model === 'free' ? 'fixed' : cell.model, currency, kind === 'upgrade' ? 2 : 0.5)!;
      return {
        actions: [...usage(0), { at: change, kind: 'change_product', price: target, proration }],
        until: plus(period(2), HOUR),
      };
    }
  }
}

/** The scenario of a cell; null when one of its values is new to the builder (an uncovered cell). */
export function scenarioOf(cell: Cell, id: string): Scenario | null {
  try {
    return built(cell, id);
  } catch (error) {
    if (error instanceof Unknown) return null;
    throw error;
  }
}

function built(cell: Cell, id: string): Scenario | null {
  const currency = cell.currency as Currency;
  const price = priceOf(cell.model, currency);
  if (!price) return null;
  const { actions, until } = timelineOf(cell, price, currency);
  return {
    id,
    currency,
    price,
    interval: intervalOf(cell.interval),
    trial: trialOf(cell.trial),
    discount: discountOf(cell.discount, currency),
    buyer: BUYERS[cell.tax]!,
    ...(price.model === 'seat_based' && { seats: SEATS }),
    start: START,
    actions: actions.sort((a, b) => a.at.localeCompare(b.at)),
    until,
  };
}

/** Cells with the same key share a test clock: their timelines advance it to the same times. */
export const clockKey = (cell: Cell) => `${cell.interval}|${cell.trial}|${cell.lifecycle}`;
