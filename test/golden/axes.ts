// The grid's axes, generated from the API's own enums: a value added to one of them (a price model, an interval, a
// discount duration, a proration behaviour) appears as cells no one has covered yet.
import {
  RecurringInterval,
  SeatTierType,
  TierType,
  TrialInterval,
  UsagePackage,
} from '../../src/contracts/catalog-common';
import { DiscountDuration, DiscountType } from '../../src/contracts/discount-fields';
import { PriceCreate } from '../../src/contracts/price-create';
import { ProrationBehavior } from '../../src/contracts/proration-behavior';

const amountTypes = PriceCreate.options.map((option) => option.shape.amount_type.value);

/** Each price model: an amount type, split by its tier types and package roundings where it has them. */
export const MODELS: string[] = amountTypes.flatMap((type): string[] => {
  if (type === 'seat_based') return SeatTierType.options.map((tiers) => `seat_${tiers}`);
  if (type === 'metered_tiers')
    return [
      ...TierType.options.map((tiers) => `metered_${tiers}`),
      ...UsagePackage.shape.rounding.options.map((rounding) => `metered_package_${rounding}`),
    ];
  return [type];
});

/** One-time, and each recurring unit once and twice over (`month2` bills every two months). */
export const INTERVALS: string[] = [
  'one_time',
  ...RecurringInterval.options.flatMap((unit) => [`${unit}1`, `${unit}2`]),
];

export const TRIALS: string[] = ['none', ...TrialInterval.options];

export const DISCOUNTS: string[] = [
  'none',
  ...DiscountType.options.flatMap((type) => DiscountDuration.options.map((duration) => `${type}_${duration}`)),
];

/** The buyers of the tax engine's kinds (the seller is the default one, in the US). */
export const TAXES = ['eu_consumer', 'eu_business', 'us_taxed', 'us_untaxed', 'no_tax'] as const;

export const CURRENCIES = ['usd', 'eur', 'jpy'] as const;

export const LIFECYCLES: string[] = [
  'renew3',
  ...ProrationBehavior.options.flatMap((proration) => [`upgrade_${proration}`, `downgrade_${proration}`]),
  'seat_change',
  'pause_resume',
  'cancel_at_period_end',
  'revoke',
  'dunning_recovered',
  'dunning_failed',
  'refund_partial',
  'refund_full',
];

export interface Cell {
  block: string;
  model: string;
  interval: string;
  trial: string;
  discount: string;
  tax: string;
  currency: string;
  lifecycle: string;
}

export const cellId = (c: Cell) => [c.model, c.interval, c.trial, c.discount, c.tax, c.currency, c.lifecycle].join('/');
