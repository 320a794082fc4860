// The webhook module: its tables, endpoints and deliveries (every event the outbox dispatches fans out to them), and
// their routes.
import { OUTBOX_KINDS } from '../../platform/outbox';
import { migrations, provide, routes, type Module } from '../../platform/module';
import { watchWebhookEndpoints } from '../../platform/prometheus';
import { readFailureStreaks } from './failure-streaks';
import { WebhookAttemptSchema, WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.entity';
import { WebhookEndpointService } from './webhook-endpoint.service';
import { WebhookDeliveryService, type DeliveryDeps } from './webhook-delivery.service';
import { WebhookLogService } from './webhook-log.service';
import { webhookRoutes } from './webhook.routes';
import { Migration20261122020000_webhooks } from './migrations/Migration20261122020000_webhooks';
import { Migration20261129000000_api_versions } from './migrations/Migration20261129000000_api_versions';
import { Migration20261204000100_attempt_delivery_index } from './migrations/Migration20261204000100_attempt_delivery_index';

export const webhookModule: Module = {
  name: 'webhook',
  entities: [WebhookEndpointSchema, WebhookDeliverySchema, WebhookAttemptSchema],
  migrations: migrations(
    Migration20261122020000_webhooks,
    Migration20261129000000_api_versions,
    Migration20261204000100_attempt_delivery_index,
  ),
  provides: [
    provide('webhookEndpoints', ['clock', 'config', 'sandbox'], ({ clock, config, sandbox }) => {
      // Local development's receivers, in the sandbox only: production's guard holds whatever the flag says.
      const urlPolicy = { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS && sandbox };
      return new WebhookEndpointService({ clock, serverSecret: config.BURSAR_SECRET, urlPolicy });
    }),
    provide(
      'webhookFlow',
      ['orm', 'clock', 'outbox', 'config', 'webhookEndpoints', 'businessMetrics'],
      ({ config, webhookEndpoints, businessMetrics, ...s }) => ({
        ...s,
        metrics: businessMetrics,
        endpoints: webhookEndpoints,
        disableAfterFailures: config.WEBHOOK_DISABLE_AFTER_FAILURES,
        policy: {
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
          initialIntervalMs: config.WEBHOOK_RETRY_INITIAL_INTERVAL_MS,
          backoffCoefficient: config.WEBHOOK_RETRY_BACKOFF_COEFFICIENT,
          maximumIntervalMs: config.WEBHOOK_RETRY_MAX_INTERVAL_MS,
          maximumAttempts: config.WEBHOOK_MAX_ATTEMPTS,
          orderingMaxWaitMs: config.WEBHOOK_ORDERING_MAX_WAIT_MS,
        },
      }),
    ),
    provide('webhookDeliveries', ['webhookFlow', 'environment'], ({ webhookFlow, environment }) => {
      const deliveries = new WebhookDeliveryService(webhookFlow);
      watchWebhookEndpoints(environment, () => readFailureStreaks(webhookFlow.orm));
      webhookFlow.outbox.registerDispatcher(
        OUTBOX_KINDS.event,
        (events) => deliveries.fanOut(events),
        (tx, events) => deliveries.fanOutIn(tx, events),
      );
      return deliveries;
    }),
  ],
  routes: routes(['webhookEndpoints', 'webhookDeliveries'], (s) =>
    webhookRoutes({ endpoints: s.webhookEndpoints, deliveries: s.webhookDeliveries, log: new WebhookLogService() }),
  ),
};

declare module '../../platform/module' {
  interface Services {
    webhookEndpoints: WebhookEndpointService;
    /** What the delivery workflow's steps are given. */
    webhookFlow: DeliveryDeps;
    webhookDeliveries: WebhookDeliveryService;
  }
}
