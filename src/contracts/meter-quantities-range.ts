// The longest range a meter's quantities may be asked for, per interval.
import type { TimeInterval } from './meter-quantities';

/** The longest range each interval may cover: a calendar length after the start (months and years in UTC). */
export const MAX_RANGE: Record<TimeInterval, { label: string; after: (start: Date) => Date }> = {
  hour: { label: '7 days', after: (s) => new Date(s.getTime() + 7 * 86_400_000) },
  day: { label: '366 days', after: (s) => new Date(s.getTime() + 366 * 86_400_000) },
  week: { label: '53 weeks', after: (s) => new Date(s.getTime() + 53 * 7 * 86_400_000) },
  month: { label: '4 years', after: (s) => addUtcMonths(s, 48) },
  year: { label: '10 years', after: (s) => addUtcMonths(s, 120) },
};

function addUtcMonths(date: Date, months: number): Date {
  const out = new Date(date);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}
