// README "Metrics": a subscription's MRR.
import type { Expected, Interval } from '../scenario';
import { mulDiv } from './money';

/** Months per interval unit as a fraction [numerator, denominator] of the amount: month 1, year ÷ 12, … */
const PER_MONTH: Record<Interval['unit'], [number, number]> = {
  day: [365, 12],
  week: [52, 12],
  month: [1, 1],
  year: [1, 12],
};

/** 0 unless active or past_due; else the amount per month, divided by the interval count, rounded half-up. */
export function mrrOf(status: NonNullable<Expected['subscription']>['status'], amount: number, interval: Interval) {
  if (status !== 'active' && status !== 'past_due') return 0;
  const [num, den] = PER_MONTH[interval.unit];
  return mulDiv(amount, num, den * interval.count);
}
