// A scenario's catalog through the API: its product (and the product a plan change moves to) and its discount.
import type { Call } from '../../support/subscriptions';
import type { Discount, Interval, PriceSpec, Scenario } from '../scenario';

export const USAGE_EVENT = 'golden.usage';

/** The API's price bodies for a price spec (metered ones beside their fixed base). */
export function pricesOf(price: PriceSpec, currency: string, meterId: string): Record<string, unknown>[] {
  const common = { price_currency: currency };
  switch (price.model) {
    case 'fixed':
      return [{ ...common, amount_type: 'fixed', price_amount: price.amount }];
    case 'free':
      return [{ ...common, amount_type: 'free' }];
    case 'custom':
      return [{ ...common, amount_type: 'custom', minimum_amount: price.minimum }];
    case 'seat_based':
      return [
        { ...common, amount_type: 'seat_based', seat_tiers: { seat_tier_type: price.tierType, tiers: price.tiers } },
      ];
    case 'metered_unit':
    case 'metered_tiers': {
      const metered = { ...common, meter_id: meterId, ...(price.cap !== undefined && { cap_amount: price.cap }) };
      return [
        { ...common, amount_type: 'fixed', price_amount: price.base },
        price.model === 'metered_unit'
          ? { ...metered, amount_type: 'metered_unit', unit_amount: price.unitAmount }
          : {
              ...metered,
              amount_type: 'metered_tiers',
              tiers: { type: price.tierType, tiers: price.tiers },
              ...(price.package && { package: price.package }),
            },
      ];
    }
  }
}

export async function createProduct(
  call: Call,
  name: string,
  price: PriceSpec,
  scenario: Pick<Scenario, 'currency' | 'interval' | 'trial'>,
  meterId: string,
): Promise<string> {
  const interval: Interval | null = scenario.interval;
  const created = await call('POST', '/v1/products/', {
    name,
    ...(interval && { recurring_interval: interval.unit, recurring_interval_count: interval.count }),
    ...(scenario.trial && { trial_interval: scenario.trial.unit, trial_interval_count: scenario.trial.count }),
    prices: pricesOf(price, scenario.currency, meterId),
  });
  if (created.status !== 201) throw new Error(`product ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

export async function createDiscount(call: Call, discount: Discount, currency: string): Promise<string> {
  const created = await call('POST', '/v1/discounts/', {
    name: `Golden ${discount.type} ${discount.duration}`,
    type: discount.type,
    duration: discount.duration,
    ...(discount.months && { duration_in_months: discount.months }),
    ...(discount.type === 'fixed' ? { amount: discount.amount, currency } : { basis_points: discount.basisPoints }),
  });
  if (created.status !== 201) throw new Error(`discount: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** The meter every metered cell reports to (each customer's usage is its own). */
export async function createMeter(call: Call): Promise<string> {
  const created = await call('POST', '/v1/meters/', {
    name: 'Golden usage',
    filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: USAGE_EVENT }] },
    aggregation: { func: 'sum', property: 'units' },
  });
  if (created.status !== 201) throw new Error(`meter: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}
