// Webhook delivery: fans each event out to the subscribed endpoints (fan-out-events.ts), each delivery carried out
// by its workflow's steps (attempt-delivery.ts, fail-delivery.ts), and redelivers an event on request
// (redeliver-event.ts).
import type { Tx } from '../../platform/database/transaction';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { DeliveryPolicy } from '../../contracts/webhook-delivery-policy';
import type { Clock } from '../../kernel/clock';
import type { OutboxMessage, OutboxService } from '../../platform/outbox';
import type { BusinessMetrics } from '../../platform/prometheus';
import type { WebhookEndpointService } from './webhook-endpoint.service';
import { fanOutEvents, fanOutEventsIn } from './fan-out-events';
import { redeliverEvent } from './redeliver-event';

export interface DeliveryDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  endpoints: WebhookEndpointService;
  policy: DeliveryPolicy;
  disableAfterFailures: number;
  metrics: Pick<BusinessMetrics, 'webhookAttempts' | 'webhookDelivery'>;
}

export class WebhookDeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  /**
   * The outbox dispatcher of events: one delivery per enabled, subscribed endpoint and event, each started by its
   * workflow; the events of a transaction in one statement. Run again for the same events, it adds nothing.
   */
  fanOut(events: OutboxMessage[]): Promise<void> {
    return fanOutEvents(this.deps, events);
  }

  /** The same in the transaction that wrote the events, just before it commits. */
  fanOutIn(tx: Tx, events: OutboxMessage[]): Promise<void> {
    return fanOutEventsIn(this.deps, tx, events);
  }

  /** Delivers an event again, with the same event id, to every endpoint that received it (or, if none, that wants it now). */
  redeliver(tx: Tx, organizationId: string, eventId: string): Promise<number> {
    return redeliverEvent(this.deps, tx, organizationId, eventId);
  }
}
