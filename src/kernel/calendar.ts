// Billing-period arithmetic, all in UTC. Months and years keep an anchor day, clamped to short months.

export type RecurringInterval = 'day' | 'week' | 'month' | 'year';

const DAY_MS = 86_400_000;

/** `from` plus `count` intervals, in UTC, keeping the time of day. Months and years land on `anchorDay` (default: from's day) clamped to the month's length: Jan 31 → Feb 28/29 → Mar 31. */
export function addInterval(from: Date, interval: RecurringInterval, count: number, anchorDay?: number): Date {
  switch (interval) {
    case 'day':
      return new Date(from.getTime() + count * DAY_MS);
    case 'week':
      return new Date(from.getTime() + count * 7 * DAY_MS);
    case 'month':
      return addMonths(from, count, anchorDay);
    case 'year':
      return addMonths(from, count * 12, anchorDay);
  }
}

/** Calendar months after `from` with the day clamped (from's day as anchor) — used for repeating discounts. */
export function addMonths(from: Date, months: number, anchorDay: number = from.getUTCDate()): Date {
  const monthIndex = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const result = new Date(from.getTime());
  result.setUTCFullYear(year, month, Math.min(anchorDay, daysInMonth(year, month)));
  return result;
}

/** Days in a UTC month (`month` 0–11): day 0 of the next month is this month's last day. */
function daysInMonth(year: number, month: number): number {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month + 1, 0);
  return lastDay.getUTCDate();
}
