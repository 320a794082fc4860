// `/v1/metrics/`: the metrics of a range by period, the same as CSV, and the ranges each interval allows.
import { z } from 'zod';
import { MetricsLimits, MetricsQuery, MetricsResponse } from '../../contracts/metrics';
import { csvDownload, type CsvCell } from '../../platform/http/csv-download';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { MetricService } from './metric.service';

export const METRICS_READ = ['metrics:read', 'metrics:write'] as const;

export function metricRoutes(metrics: MetricService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/metrics/',
      summary: 'Get metrics of orders, subscriptions and checkouts per period',
      scopes: METRICS_READ,
      query: MetricsQuery,
      status: 200,
      response: MetricsResponse,
      readOnly: true,
      handler: ({ auth, tx, query }) => metrics.query(tx.em, auth.organizationId, query),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/metrics/export',
      summary: 'Export metrics per period as CSV',
      scopes: METRICS_READ,
      query: MetricsQuery,
      status: 200,
      response: z.string().meta({ contentMediaType: 'text/csv' }),
      readOnly: true,
      async handler({ auth, tx, query }) {
        const answer = await metrics.query(tx.em, auth.organizationId, query);
        const columns = ['timestamp', ...Object.keys(answer.metrics)];
        const rows = answer.periods as Record<string, CsvCell>[];
        return csvDownload(
          'metrics.csv',
          columns,
          (async function* () {
            yield* rows;
          })(),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/metrics/limits',
      summary: 'Get the date limits of the metrics',
      scopes: METRICS_READ,
      status: 200,
      response: MetricsLimits,
      readOnly: true,
      handler: ({ auth, tx }) => metrics.limits(tx.em, auth.organizationId),
    }),
  ];
}
