// Where each bucket of a quantities query starts: the local calendar boundaries of its time zone (hours in absolute
// time), as PostgreSQL's time zone database knows them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { invalidField } from '../../kernel/errors';
import type { QuantityQuery } from './quantity-reader';

/** Where each bucket starts, in order: the local calendar boundaries of the time zone from `start`'s own bucket. */
export async function bucketStarts(em: EntityManager, query: QuantityQuery): Promise<Date[]> {
  const { start, end, timezone: tz, interval } = query;
  // Hours step in absolute time (a local clock repeats or skips one at a DST change); the rest step in local time.
  const [sql, params] =
    interval === 'hour'
      ? [
          `select extract(epoch from b) * 1000 as ms from generate_series(date_trunc('hour', ?::timestamptz, ?), ?::timestamptz, interval '1 hour') b where b < ?::timestamptz order by b`,
          [start.toISOString(), tz, end.toISOString(), end.toISOString()],
        ]
      : [
          `select extract(epoch from b) * 1000 as ms from (select l at time zone ? as b
             from generate_series(date_trunc(?, ?::timestamptz, ?) at time zone ?, ?::timestamptz at time zone ?, ?::interval) l) s
           where b < ?::timestamptz order by b`,
          [tz, interval, start.toISOString(), tz, tz, end.toISOString(), tz, `1 ${interval}`, end.toISOString()],
        ];
  try {
    // As milliseconds: a date string of years 1–99 would be read back as 19xx or 20xx.
    const rows = await em.execute<{ ms: string | number }[]>(sql, params);
    return rows.map((row) => new Date(Number(row.ms)));
  } catch (error) {
    // A name the schema's check let through but PostgreSQL's time zone database does not know.
    if ((error as { code?: string }).code === '22023')
      throw invalidField(['query', 'timezone'], `Unknown time zone: ${tz}`);
    throw error;
  }
}
