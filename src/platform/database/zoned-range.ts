// A range of local calendar days in a time zone, and its calendar buckets, as SQL over a timestamptz column: the
// range starts at its first day's local midnight and ends at the midnight after its last; buckets are `date_trunc`s
// of local time, keyed as `YYYY-MM-DDTHH:MI:SS`.

export interface ZonedRange {
  start_date: string;
  end_date: string;
  interval: string;
  timezone: string;
}

export const zonedRangeSql = (column: string) =>
  `${column} >= (?::date)::timestamp at time zone ? and ${column} < (?::date + 1)::timestamp at time zone ?`;
export const zonedRangeParams = (q: ZonedRange) => [q.start_date, q.timezone, q.end_date, q.timezone];

export const zonedBucketSql = (column: string) =>
  `to_char(date_trunc(?, ${column} at time zone ?), 'YYYY-MM-DD"T"HH24:MI:SS')`;
export const zonedBucketParams = (q: ZonedRange) => [q.interval, q.timezone];
