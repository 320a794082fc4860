// Activities are thin calls into domain services; each gets its own entity manager (one transaction per call).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { IdempotencyService } from '../src/domains/idempotency';
import type { WebhookDeliveryService } from '../src/domains/webhook';
import { createWebhookActivities } from './webhook.activities';

export interface ActivityDeps {
  orm: MikroORM;
  idempotency: IdempotencyService;
  webhookDeliveries: WebhookDeliveryService;
}

export const createActivities = (deps: ActivityDeps) => ({
  /** Deletes expired idempotency keys; returns how many. */
  async purgeExpiredIdempotencyKeys(): Promise<number> {
    return deps.idempotency.purgeExpired(deps.orm.em.fork());
  },
  ...createWebhookActivities(deps.webhookDeliveries),
});

export type Activities = ReturnType<typeof createActivities>;
