// How often a subscription is billed, in words: "every month", "every 3 months".
import type { RecurringInterval } from '../../../contracts/catalog-common';
import type { StringKey } from '../strings';
import type { Translate } from './ui';

const EVERY: Record<RecurringInterval, [one: StringKey, many: StringKey]> = {
  day: ['interval.every.day', 'interval.everyCount.day'],
  week: ['interval.every.week', 'interval.everyCount.week'],
  month: ['interval.every.month', 'interval.everyCount.month'],
  year: ['interval.every.year', 'interval.everyCount.year'],
};

export function intervalText(t: Translate, interval: RecurringInterval, count: number | null | undefined): string {
  const [one, many] = EVERY[interval];
  return !count || count === 1 ? t(one) : t(many, { count });
}
