// The range and periods of a metrics query in SQL: local calendar days of a time zone, buckets by `date_trunc`.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MetricsQuery } from '../../contracts/metrics';
import {
  zonedBucketParams,
  zonedBucketSql,
  zonedRangeParams,
  zonedRangeSql,
} from '../../platform/database/zoned-range';

export type RangeQuery = Pick<MetricsQuery, 'start_date' | 'end_date' | 'interval' | 'timezone'>;

/** A period: its bucket's local start as text (the key facts are grouped by) and as an instant. */
export interface Period {
  bucket: string;
  start: Date;
}

/** `at >= range start and at < range end`, the range's local days in its time zone; with its parameters. */
export const IN_RANGE = zonedRangeSql('at');
export const inRangeParams = zonedRangeParams;

/** Before the range's start. */
export const RANGE_START = '(?::date)::timestamp at time zone ?';
export const rangeStartParams = (q: RangeQuery) => [q.start_date, q.timezone];
export const RANGE_END = '(?::date + 1)::timestamp at time zone ?';
export const rangeEndParams = (q: RangeQuery) => [q.end_date, q.timezone];

/** A fact's period, as the key `periodsOf` gives it. */
export const BUCKET = zonedBucketSql('at');
export const bucketParams = zonedBucketParams;

/** Every period of the range, from the one holding its first day to the one holding its last. */
export async function periodsOf(em: EntityManager, q: RangeQuery): Promise<Period[]> {
  const rows = await em.execute<{ bucket: string; start: Date }[]>(
    `select to_char(p, 'YYYY-MM-DD"T"HH24:MI:SS') as bucket, p at time zone ? as start
     from generate_series(date_trunc(?, (?::date)::timestamp), (?::date + 1)::timestamp - interval '1 microsecond',
       ('1 ' || ?)::interval) p order by p`,
    [q.timezone, q.interval, q.start_date, q.end_date, q.interval],
  );
  return rows.map((row) => ({ bucket: row.bucket, start: new Date(row.start) }));
}
