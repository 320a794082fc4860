// Enums shared by the catalog contracts (products, prices, discounts, benefits).
import { z } from 'zod';

/** The 126 presentment currencies of the reference, lower-case ISO 4217 codes. */
// prettier-ignore
export const Currency = z.enum([
  'aed', 'all', 'amd', 'aoa', 'ars', 'aud', 'awg', 'azn', 'bam', 'bbd', 'bdt', 'bif', 'bmd', 'bnd', 'bob', 'brl', 'bsd', 'bwp', 'bzd', 'cad',
  'cdf', 'chf', 'clp', 'cny', 'cop', 'crc', 'cve', 'czk', 'djf', 'dkk', 'dop', 'dzd', 'egp', 'etb', 'eur', 'fjd', 'fkp', 'gbp', 'gel', 'gip',
  'gmd', 'gnf', 'gtq', 'gyd', 'hkd', 'hnl', 'htg', 'huf', 'idr', 'ils', 'inr', 'isk', 'jmd', 'jpy', 'kes', 'kgs', 'khr', 'kmf', 'krw', 'kyd',
  'kzt', 'lak', 'lkr', 'lrd', 'lsl', 'mad', 'mdl', 'mga', 'mkd', 'mnt', 'mop', 'mur', 'mvr', 'mwk', 'mxn', 'myr', 'mzn', 'nad', 'ngn', 'nio',
  'nok', 'npr', 'nzd', 'pab', 'pen', 'pgk', 'php', 'pkr', 'pln', 'pyg', 'qar', 'ron', 'rsd', 'rwf', 'sar', 'sbd', 'scr', 'sek', 'sgd', 'shp',
  'sos', 'srd', 'szl', 'thb', 'tjs', 'top', 'try', 'ttd', 'twd', 'tzs', 'uah', 'ugx', 'usd', 'uyu', 'uzs', 'vnd', 'vuv', 'wst', 'xaf', 'xcd',
  'xcg', 'xof', 'xpf', 'yer', 'zar', 'zmw',
]);
export type Currency = z.infer<typeof Currency>;

export const RecurringInterval = z.enum(['day', 'week', 'month', 'year']);
export type RecurringInterval = z.infer<typeof RecurringInterval>;
export const TrialInterval = RecurringInterval;

export const ProductVisibility = z.enum(['draft', 'private', 'public']);
export const TaxBehaviorOption = z.enum(['location', 'inclusive', 'exclusive']);
export const SeatTierType = z.enum(['volume', 'graduated']);
export const TierType = z.enum(['volume', 'graduated']).meta({ id: 'TierType' });
/** Usage counted in blocks of `size` units, a partial block rounded up or down (Bursar's addition to metered tiers). */
export const UsagePackage = z
  .object({ size: z.int32().min(1), rounding: z.enum(['up', 'down']) })
  .meta({ id: 'UsagePackage' });

/** Interval counts (recurring, trial, meter): 1 to 1000 units. */
export const IntervalCount = z.int32().min(1).max(1000);
