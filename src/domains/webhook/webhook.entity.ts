import { EntitySchema } from '@mikro-orm/core';
import type { ApiVersion } from '../../contracts/api-version';
import type { WebhookEventType } from '../../contracts/webhook';

export class WebhookEndpoint {
  id!: string;
  organizationId!: string;
  url!: string;
  name: string | null = null;
  format!: 'raw';
  /** The API version its payloads are shaped for. */
  apiVersion!: ApiVersion;
  events!: WebhookEventType[];
  /** The signing secret, encrypted with a key derived from BURSAR_SECRET. */
  secretSealed!: string;
  enabled = true;
  disabledReason: string | null = null;
  consecutiveFailures = 0;
  deletedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'skipped';

/** One event sent to one endpoint (a redelivery is another row), with its outcome. */
export class WebhookDelivery {
  id!: string;
  organizationId!: string;
  eventId!: string;
  endpointId!: string;
  eventType!: WebhookEventType;
  /** `product:<id>`: deliveries about one resource reach an endpoint in `eventSeq` order. */
  resourceKey!: string;
  eventSeq!: string;
  status!: DeliveryStatus;
  lastHttpCode: number | null = null;
  redelivery = false;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

export class WebhookAttempt {
  id!: string;
  organizationId!: string;
  deliveryId!: string;
  endpointId!: string;
  eventId!: string;
  eventType!: WebhookEventType;
  /** The API version the body sent was shaped for (the endpoint's at the time). */
  apiVersion!: ApiVersion;
  attempt!: number;
  succeeded!: boolean;
  httpCode: number | null = null;
  durationMs!: number;
  response: string | null = null;
  error: string | null = null;
  createdAt!: Date;
}

const timestamps = {
  createdAt: { type: 'Date', columnType: 'timestamptz' },
  modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
} as const;

export const WebhookEndpointSchema = new EntitySchema<WebhookEndpoint>({
  class: WebhookEndpoint,
  tableName: 'webhook_endpoint',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    url: { type: 'text' },
    name: { type: 'text', nullable: true },
    format: { type: 'text' },
    apiVersion: { type: 'text' },
    events: { type: 'text[]' },
    secretSealed: { type: 'text' },
    enabled: { type: 'boolean' },
    disabledReason: { type: 'text', nullable: true },
    consecutiveFailures: { type: 'integer' },
    deletedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    ...timestamps,
  },
});

export const WebhookDeliverySchema = new EntitySchema<WebhookDelivery>({
  class: WebhookDelivery,
  tableName: 'webhook_delivery',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    eventId: { type: 'uuid' },
    endpointId: { type: 'uuid' },
    eventType: { type: 'text' },
    resourceKey: { type: 'text' },
    eventSeq: { type: 'bigint' },
    status: { type: 'text' },
    lastHttpCode: { type: 'integer', nullable: true },
    redelivery: { type: 'boolean' },
    ...timestamps,
  },
});

export const WebhookAttemptSchema = new EntitySchema<WebhookAttempt>({
  class: WebhookAttempt,
  tableName: 'webhook_attempt',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    deliveryId: { type: 'uuid' },
    endpointId: { type: 'uuid' },
    eventId: { type: 'uuid' },
    eventType: { type: 'text' },
    apiVersion: { type: 'text' },
    attempt: { type: 'integer' },
    succeeded: { type: 'boolean' },
    httpCode: { type: 'integer', nullable: true },
    durationMs: { type: 'integer' },
    response: { type: 'text', nullable: true },
    error: { type: 'text', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
