// Calendar months in a time zone for the metrics tests, from Intl alone (independent of src/kernel's period math).

/** How far `tz`'s wall clock is ahead of UTC at instant `t` (ms). */
function offsetMs(tz: string, t: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(t));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(t / 1000) * 1000;
}

/** The instant of 00:00 on y-m-d (m from 1, overflow allowed) in `tz`. */
export function localMidnight(tz: string, y: number, m: number, d: number): number {
  const wall = Date.UTC(y, m - 1, d);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  const guess = wall - offsetMs(tz, wall);
  return wall - offsetMs(tz, guess);
}

export interface Month {
  start: number;
  end: number;
  /** YYYY-MM in the time zone. */
  key: string;
}

/** The calendar months from start_date's through end_date's (YYYY-MM-DD), as instants in `tz`. */
export function monthsOf(tz: string, startDate: string, endDate: string): Month[] {
  const [y0, m0] = startDate.split('-').map(Number);
  const [y1, m1] = endDate.split('-').map(Number);
  const months: Month[] = [];
  for (let y = y0, m = m0; y < y1 || (y === y1 && m <= m1); m === 12 ? ((y += 1), (m = 1)) : (m += 1)) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push({ key, start: localMidnight(tz, y, m, 1), end: localMidnight(tz, y, m + 1, 1) });
  }
  return months;
}

/** [start_date 00:00, end_date+1 00:00) in `tz`. */
export function rangeOf(tz: string, startDate: string, endDate: string): { start: number; end: number } {
  const [ys, ms, ds] = startDate.split('-').map(Number);
  const [ye, me, de] = endDate.split('-').map(Number);
  return { start: localMidnight(tz, ys, ms, ds), end: localMidnight(tz, ye, me, de + 1) };
}
