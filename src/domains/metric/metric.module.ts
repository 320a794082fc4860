// The metric module: the facts read model fed by the webhook events, the metrics over it, and the saved dashboards.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { Migration20261203000000_metric_facts } from './migrations/Migration20261203000000_metric_facts';
import { MetricDashboards } from './metric-dashboards';
import { metricDashboardRoutes } from './metric-dashboard.routes';
import { MetricDashboardSchema } from './metric.entity';
import { metricRoutes } from './metric.routes';
import { MetricService } from './metric.service';
import { recordFacts } from './record-facts';

export const metricModule: Module = {
  name: 'metric',
  entities: [MetricDashboardSchema],
  migrations: migrations(Migration20261203000000_metric_facts),
  provides: [
    provide('metrics', ['orm', 'outbox', 'organizations'], ({ orm, outbox, organizations }) => {
      outbox.listen(recordFacts(orm));
      return new MetricService(organizations);
    }),
    provide('metricDashboards', ['clock'], ({ clock }) => new MetricDashboards(clock)),
  ],
  routes: routes(['metrics', 'metricDashboards'], (s) => [
    ...metricRoutes(s.metrics),
    ...metricDashboardRoutes(s.metricDashboards),
  ]),
};

declare module '../../platform/module' {
  interface Services {
    metrics: MetricService;
    metricDashboards: MetricDashboards;
  }
}
