// The webhook domain's wiring: endpoints, deliveries (every event the outbox dispatches fans out to them), routes.
import { WebhookDeliveryService, WebhookEndpointService, WebhookLogService, webhookRoutes } from '../domains/webhook';
import { OUTBOX_KINDS } from '../platform/outbox';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../kernel/clock';
import type { OutboxService } from '../platform/outbox';
import type { Config, Environment } from './config';

interface WebhookWiring {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  config: Config;
  environment: Environment;
}

export function wireWebhooks({ orm, clock, outbox, config, environment }: WebhookWiring) {
  const webhookEndpoints = new WebhookEndpointService({
    clock,
    serverSecret: config.BURSAR_SECRET,
    // Local development's receivers, in the sandbox only: production's guard holds whatever the flag says.
    urlPolicy: { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS && environment === 'sandbox' },
  });
  const webhookDeliveries = new WebhookDeliveryService({
    orm,
    clock,
    outbox,
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
  });
  outbox.registerDispatcher(OUTBOX_KINDS.event, (events) => webhookDeliveries.fanOut(events));
  return {
    endpoints: webhookEndpoints,
    deliveries: webhookDeliveries,
    routes: webhookRoutes({ endpoints: webhookEndpoints, deliveries: webhookDeliveries, log: new WebhookLogService() }),
  };
}
