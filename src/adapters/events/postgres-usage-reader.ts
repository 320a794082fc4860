// A customer meter's usage read from the events table: the meter's filter and aggregation (meter-sql.ts) over the
// customer's events in a window of timestamps and sequence numbers. Raw rows, not rollups: the window cuts by the
// ingestion sequence, which rollups do not keep.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { CustomerScope, MeterDefinition } from './event-store';
import { holdIngestAlone } from './ingest-lock';
import { aggregateSql } from './meter-aggregation-sql';
import { filterSql } from './meter-sql';
import type { UsageBaseline, UsageReader, UsageWindow } from './usage-reader';

export class PostgresUsageReader implements UsageReader {
  async cutOff(orm: MikroORM, organizationId: string): Promise<string> {
    return orm.em.fork().transactional(async (em) => {
      await holdIngestAlone(em, organizationId);
      const [row] = await em.execute<{ last_value: string; is_called: boolean }[]>(
        'select last_value, is_called from event_seq',
      );
      return row.is_called ? String(row.last_value) : '0';
    });
  }

  billedUsage(
    em: EntityManager,
    organizationId: string,
    meter: MeterDefinition,
    customer: CustomerScope,
    window: UsageWindow & { end: Date; seq: string },
  ): Promise<string> {
    return this.usage(em, organizationId, meter, customer, window);
  }

  currentUsage(
    em: EntityManager,
    organizationId: string,
    meter: MeterDefinition,
    customer: CustomerScope,
    since: UsageBaseline | null,
    from: Date | null = null,
  ): Promise<string> {
    return this.usage(em, organizationId, meter, customer, { from, end: null, seq: null, since });
  }

  private async usage(
    em: EntityManager,
    organizationId: string,
    meter: MeterDefinition,
    customer: CustomerScope,
    window: UsageWindow,
  ): Promise<string> {
    const filter = filterSql(meter.filter, 'e');
    const aggregate = aggregateSql(meter.aggregation, 'e');
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...values: unknown[]) => {
      where.push(sql);
      params.push(...values);
    };
    add('e.organization_id = ?', organizationId);
    if (customer.externalCustomerId === null) add('e.customer_id = ?', customer.customerId);
    else
      add(
        '(e.customer_id = ? or (e.customer_id is null and e.external_customer_id = ?))',
        customer.customerId,
        customer.externalCustomerId,
      );
    if (window.from) add('e."timestamp" >= ?', window.from);
    if (window.end) add('e."timestamp" < ?', window.end);
    if (window.seq !== null) add('e.seq <= ?::bigint', window.seq);
    if (window.since) add('not (e."timestamp" < ? and e.seq <= ?::bigint)', window.since.end, window.since.seq);
    const [row] = await em.execute<{ value: string | null }[]>(
      `select ${aggregate.sql} as value from event e where ${where.join(' and ')} and ${filter.sql}`,
      [...aggregate.params, ...params, ...filter.params],
    );
    return normalizeNumeric(row?.value ?? '0');
  }
}

/** PostgreSQL numeric as a plain decimal string without trailing fractional zeros ("12.500" → "12.5"). */
function normalizeNumeric(value: string): string {
  const text = String(value);
  return text.includes('.') ? text.replace(/\.?0+$/, '') || '0' : text;
}
