// Metric dashboards: an organization's named sets of metrics (CRUD). Every metric a dashboard names is one Bursar has.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MetricDashboard, MetricDashboardCreate, MetricDashboardUpdate } from '../../contracts/metrics';
import type { Clock } from '../../kernel/clock';
import { invalidField, ResourceNotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { METRIC_SLUGS } from './metric-definitions.logic';
import { MetricDashboardRow } from './metric.entity';

function knownMetrics(metrics: string[]): string[] {
  const unknown = metrics.filter((slug) => !METRIC_SLUGS.includes(slug));
  if (unknown.length) throw invalidField(['body', 'metrics'], `Unknown metric: ${unknown.join(', ')}`);
  return [...new Set(metrics)];
}

export class MetricDashboards {
  constructor(private readonly clock: Clock) {}

  list(em: EntityManager, organizationId: string): Promise<MetricDashboardRow[]> {
    return em.find(MetricDashboardRow, { organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<MetricDashboardRow> {
    const dashboard = await em.findOne(MetricDashboardRow, { id, organizationId });
    if (!dashboard) throw new ResourceNotFound('No metric dashboard with this id.');
    return dashboard;
  }

  create(em: EntityManager, organizationId: string, body: MetricDashboardCreate): MetricDashboardRow {
    if (body.organization_id && body.organization_id !== organizationId)
      throw invalidField(['body', 'organization_id'], 'Dashboards belong to the organization of the token');
    return em.create(MetricDashboardRow, {
      id: newId(),
      organizationId,
      name: body.name,
      metrics: knownMetrics(body.metrics),
      createdAt: this.clock.now(),
      modifiedAt: null,
    });
  }

  async update(em: EntityManager, organizationId: string, id: string, body: MetricDashboardUpdate) {
    const dashboard = await this.get(em, organizationId, id);
    if (body.name != null) dashboard.name = body.name;
    if (body.metrics != null) dashboard.metrics = knownMetrics(body.metrics);
    dashboard.modifiedAt = this.clock.now();
    return dashboard;
  }

  async delete(em: EntityManager, organizationId: string, id: string): Promise<void> {
    em.remove(await this.get(em, organizationId, id));
  }
}

export const dashboardOutput = (d: MetricDashboardRow): MetricDashboard => ({
  created_at: d.createdAt.toISOString(),
  modified_at: d.modifiedAt?.toISOString() ?? null,
  id: d.id,
  name: d.name,
  metrics: d.metrics,
  organization_id: d.organizationId,
});
