// The webhook module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { WebhookAttemptSchema, WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.entity';
import { Migration20261122020000_webhooks } from './migrations/Migration20261122020000_webhooks';
import { Migration20261129000000_api_versions } from './migrations/Migration20261129000000_api_versions';

export const webhookModule: Module = {
  name: 'webhook',
  entities: [WebhookEndpointSchema, WebhookDeliverySchema, WebhookAttemptSchema],
  migrations: migrations(Migration20261122020000_webhooks, Migration20261129000000_api_versions),
};
