export { MetricService } from './metric.service';
export { METRICS, METRIC_SLUGS, type MetricDefinition } from './metric-definitions.logic';
export { metricModule } from './metric.module';
