// What the delivery workflow's steps and the fan-out are given (the module provides it as `webhookFlow`).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DeliveryPolicy } from '../../contracts/webhook';
import type { Clock } from '../../kernel/clock';
import type { OutboxService } from '../../platform/outbox';
import type { WebhookEndpointService } from './webhook-endpoint.service';

export interface DeliveryDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  endpoints: WebhookEndpointService;
  policy: DeliveryPolicy;
  disableAfterFailures: number;
}
