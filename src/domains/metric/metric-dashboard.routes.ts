// `/v1/metrics/dashboards`: an organization's named metric sets, listed (a bare array), created, read, changed, deleted.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import {
  MetricDashboard,
  MetricDashboardCreate,
  MetricDashboardListQuery,
  MetricDashboardUpdate,
} from '../../contracts/metrics';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { dashboardOutput, type MetricDashboards } from './metric-dashboards';
import { METRICS_READ } from './metric.routes';

const WRITE = ['metrics:write'] as const;
const PATH = '/v1/metrics/dashboards';

export function metricDashboardRoutes(dashboards: MetricDashboards): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: PATH,
      summary: 'List metric dashboards',
      scopes: METRICS_READ,
      query: MetricDashboardListQuery,
      status: 200,
      response: z.array(MetricDashboard),
      readOnly: true,
      async handler({ auth, tx, query }) {
        if (query.organization_id?.length && !query.organization_id.includes(auth.organizationId)) return [];
        return (await dashboards.list(tx.em, auth.organizationId)).map(dashboardOutput);
      },
    }),
    defineRoute({
      method: 'post',
      path: PATH,
      summary: 'Create a metric dashboard',
      scopes: WRITE,
      body: MetricDashboardCreate,
      status: 201,
      response: MetricDashboard,
      idempotent: true,
      handler: async ({ auth, tx, body }) => dashboardOutput(dashboards.create(tx.em, auth.organizationId, body)),
    }),
    defineRoute({
      method: 'get',
      path: `${PATH}/:id`,
      summary: 'Get a metric dashboard',
      scopes: METRICS_READ,
      params: IdParams,
      status: 200,
      response: MetricDashboard,
      readOnly: true,
      handler: async ({ auth, tx, params }) =>
        dashboardOutput(await dashboards.get(tx.em, auth.organizationId, params.id)),
    }),
    defineRoute({
      method: 'patch',
      path: `${PATH}/:id`,
      summary: 'Update a metric dashboard',
      scopes: WRITE,
      params: IdParams,
      body: MetricDashboardUpdate,
      status: 200,
      response: MetricDashboard,
      handler: async ({ auth, tx, params, body }) =>
        dashboardOutput(await dashboards.update(tx.em, auth.organizationId, params.id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: `${PATH}/:id`,
      summary: 'Delete a metric dashboard',
      scopes: WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await dashboards.delete(tx.em, auth.organizationId, params.id);
        return undefined;
      },
    }),
  ];
}
