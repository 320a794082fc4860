export { registry, type EnvironmentLabel } from './registry';
export { BusinessMetrics, type WebhookDeliveryOutcome } from './business-metrics';
export { countEvents } from './event-counts';
export { recordRequest, type AnsweredRequest } from './http-metrics';
export {
  scrapeQuery,
  watchOutbox,
  watchWebhookEndpoints,
  type FailureStreaks,
  type OutboxBacklog,
} from './scrape-gauges';
export { watchPool } from './pool-metrics';
export { serveMetrics } from './metrics-server';
