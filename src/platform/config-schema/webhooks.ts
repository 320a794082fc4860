// Webhook delivery: timeouts, retries, ordering, when an endpoint is disabled, which URLs the sandbox may reach.
import { WEBHOOK_DELIVERY } from '../../../temporal.config';
import { z } from 'zod';
import { int } from './fields';

export const webhookFields = {
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(WEBHOOK_DELIVERY.timeoutMs),
  WEBHOOK_RETRY_INITIAL_INTERVAL_MS: int(WEBHOOK_DELIVERY.initialIntervalMs),
  WEBHOOK_RETRY_BACKOFF_COEFFICIENT: z.coerce.number().min(1).default(WEBHOOK_DELIVERY.backoffCoefficient),
  WEBHOOK_RETRY_MAX_INTERVAL_MS: int(WEBHOOK_DELIVERY.maximumIntervalMs),
  WEBHOOK_MAX_ATTEMPTS: int(WEBHOOK_DELIVERY.maximumAttempts),
  WEBHOOK_ORDERING_MAX_WAIT_MS: z.coerce.number().int().min(0).default(WEBHOOK_DELIVERY.orderingMaxWaitMs),
  /** Consecutive events that failed for good before an endpoint is disabled. */
  WEBHOOK_DISABLE_AFTER_FAILURES: int(10),
  /** Allow http:// and private, loopback and link-local receivers in the sandbox (local development); production ignores it. */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};
