// Period math (README "Renewal": months and years land on the anchor day, Jan 31 → Feb 28/29 → Mar 31).
import type { Interval } from '../scenario';

export const DAY_MS = 86_400_000;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

function addMonths(from: number, months: number, anchorDay: number): number {
  const d = new Date(from);
  const total = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(anchorDay, daysIn(year, month));
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** The end of the period of `interval` that starts at `from`, anchored on `anchorDay` (days are 24 hours). */
export function nextPeriod(from: number, interval: Interval, anchorDay: number): number {
  switch (interval.unit) {
    case 'day':
      return from + interval.count * DAY_MS;
    case 'week':
      return from + interval.count * 7 * DAY_MS;
    case 'month':
      return addMonths(from, interval.count, anchorDay);
    case 'year':
      return addMonths(from, 12 * interval.count, anchorDay);
  }
}

/** `from` plus whole calendar months, the day clamped to the month's length. */
export const plusMonths = (from: number, months: number) => addMonths(from, months, new Date(from).getUTCDate());

export const dayOf = (at: number) => new Date(at).getUTCDate();
