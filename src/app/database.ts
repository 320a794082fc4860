// PostgreSQL: one database per environment, created on demand, migrated by MikroORM's migrator.
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { createEventPartitions } from '../adapters/events/event-partitions';
import { Client } from 'pg';
import { OrganizationAccessTokenSchema, OrganizationSchema } from '../domains/organization/organization.entity';
import { OAuth2AuthorizationCodeSchema, OAuth2ClientSchema, OAuth2SigningKeySchema, OAuth2TokenSchema } from '../domains/oauth2/oauth2.entity';
import { MeterSchema } from '../domains/meter/meter.entity';
import { IdempotencyKeySchema } from '../platform/idempotency/idempotency.entity';
import { OutboxMessageSchema } from '../platform/outbox/outbox.entity';
import { EmailMessageSchema } from '../platform/email/email.entity';
import { Migration20261122000000_foundation } from './migrations/Migration20261122000000_foundation';
import { Migration20261122010000_catalog } from './migrations/Migration20261122010000_catalog';
import { ProductPriceSchema, ProductSchema } from '../domains/catalog/catalog.entity';
import { CustomFieldSchema } from '../domains/catalog/custom-field/custom-field.entity';
import { DiscountSchema } from '../domains/discount/discount.entity';
import { BenefitSchema } from '../domains/benefit/benefit.entity';
import { StoredFileSchema } from '../domains/file/file.entity';
import { WebhookAttemptSchema, WebhookDeliverySchema, WebhookEndpointSchema } from '../domains/webhook/webhook.entity';
import { Migration20261122020000_webhooks } from './migrations/Migration20261122020000_webhooks';
import { Migration20261122030000_sandbox_processor } from './migrations/Migration20261122030000_sandbox_processor';
import { Migration20261122040000_customers } from './migrations/Migration20261122040000_customers';
import { CustomerSchema } from '../domains/customer/customer.entity';
import { CheckoutSchema } from '../domains/checkout/checkout.entity';
import { CheckoutLinkSchema } from '../domains/checkout/link/checkout-link.entity';
import { OrderItemSchema, OrderSchema } from '../domains/order/order.entity';
import { RefundSchema } from '../domains/order/refund/refund.entity';
import { TestClockSchema } from '../domains/test-clock/test-clock.entity';
import { SubscriptionSchema } from '../domains/subscription/subscription.entity';
import { Migration20261122050000_checkouts_orders } from './migrations/Migration20261122050000_checkouts_orders';
import { Migration20261122060000_checkout_confirmation } from './migrations/Migration20261122060000_checkout_confirmation';
import { Migration20261122070000_subscriptions } from './migrations/Migration20261122070000_subscriptions';
import { Migration20261122080000_checkout_confirmed_at } from './migrations/Migration20261122080000_checkout_confirmed_at';
import { Migration20261123000000_invoices_refunds } from './migrations/Migration20261123000000_invoices_refunds';
import { Migration20261124000000_benefit_grants } from './migrations/Migration20261124000000_benefit_grants';
import { Migration20261125000000_customer_portal } from './migrations/Migration20261125000000_customer_portal';
import { Migration20261126000000_usage_events } from './migrations/Migration20261126000000_usage_events';
import { Migration20261127000000_list_indexes } from './migrations/Migration20261127000000_list_indexes';
import { Migration20261128000000_organization_access } from './migrations/Migration20261128000000_organization_access';
import { Migration20261128010000_oauth2 } from './migrations/Migration20261128010000_oauth2';
import { Migration20261129000000_api_versions } from './migrations/Migration20261129000000_api_versions';
import { Migration20261129010000_oauth2_id_tokens } from './migrations/Migration20261129010000_oauth2_id_tokens';
import { CustomerLoginCodeSchema, CustomerSessionSchema } from '../domains/customer-session/customer-session.entity';
import { BenefitGrantSchema } from '../domains/benefit/grant/benefit-grant.entity';
import { LicenseKeyActivationSchema, LicenseKeySchema, LicenseSigningKeySchema } from '../domains/benefit/license-key/license-key.entity';
import { DownloadableSchema } from '../domains/benefit/downloadable/downloadable.entity';
import { CustomerMeterSchema, MeterCreditSchema } from '../domains/meter/customer-meter.entity';

const ENTITIES = [
  OrganizationSchema,
  OrganizationAccessTokenSchema,
  OAuth2ClientSchema,
  OAuth2AuthorizationCodeSchema,
  OAuth2TokenSchema,
  OAuth2SigningKeySchema,
  MeterSchema,
  IdempotencyKeySchema,
  OutboxMessageSchema,
  ProductSchema,
  ProductPriceSchema,
  CustomFieldSchema,
  DiscountSchema,
  BenefitSchema,
  StoredFileSchema,
  WebhookEndpointSchema,
  WebhookDeliverySchema,
  WebhookAttemptSchema,
  CustomerSchema,
  CheckoutSchema,
  CheckoutLinkSchema,
  TestClockSchema,
  SubscriptionSchema,
  OrderSchema,
  RefundSchema,
  OrderItemSchema,
  BenefitGrantSchema,
  LicenseKeySchema,
  LicenseKeyActivationSchema,
  LicenseSigningKeySchema,
  DownloadableSchema,
  CustomerMeterSchema,
  MeterCreditSchema,
  CustomerSessionSchema,
  CustomerLoginCodeSchema,
  EmailMessageSchema,
];

const MIGRATIONS = [
  { name: 'Migration20261122000000_foundation', class: Migration20261122000000_foundation },
  { name: 'Migration20261122010000_catalog', class: Migration20261122010000_catalog },
  { name: 'Migration20261122020000_webhooks', class: Migration20261122020000_webhooks },
  { name: 'Migration20261122030000_sandbox_processor', class: Migration20261122030000_sandbox_processor },
  { name: 'Migration20261122040000_customers', class: Migration20261122040000_customers },
  { name: 'Migration20261122050000_checkouts_orders', class: Migration20261122050000_checkouts_orders },
  { name: 'Migration20261122060000_checkout_confirmation', class: Migration20261122060000_checkout_confirmation },
  { name: 'Migration20261122070000_subscriptions', class: Migration20261122070000_subscriptions },
  { name: 'Migration20261122080000_checkout_confirmed_at', class: Migration20261122080000_checkout_confirmed_at },
  { name: 'Migration20261123000000_invoices_refunds', class: Migration20261123000000_invoices_refunds },
  { name: 'Migration20261124000000_benefit_grants', class: Migration20261124000000_benefit_grants },
  { name: 'Migration20261125000000_customer_portal', class: Migration20261125000000_customer_portal },
  { name: 'Migration20261126000000_usage_events', class: Migration20261126000000_usage_events },
  { name: 'Migration20261127000000_list_indexes', class: Migration20261127000000_list_indexes },
  { name: 'Migration20261128000000_organization_access', class: Migration20261128000000_organization_access },
  { name: 'Migration20261128010000_oauth2', class: Migration20261128010000_oauth2 },
  { name: 'Migration20261129000000_api_versions', class: Migration20261129000000_api_versions },
  { name: 'Migration20261129010000_oauth2_id_tokens', class: Migration20261129010000_oauth2_id_tokens },
];

export async function openDatabase(url: string, poolMax = 10): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: url,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, silent: true },
    pool: { min: 0, max: poolMax },
    // Timestamps that statements render as text (`to_jsonb`, reports) in UTC, whatever the server's own time zone.
    driverOptions: { connection: { options: '-c TimeZone=UTC' } },
    discovery: { warnWhenNoEntities: false },
    debug: false,
    allowGlobalContext: false,
  });
}

/** Creates the database named in `url` when it is missing (PostgreSQL has no CREATE DATABASE IF NOT EXISTS). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

export async function migrate(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const orm = await openDatabase(url, 2);
  try {
    const applied = await orm.getMigrator().up();
    // A fresh database gets its event partitions at once, not at the maintenance schedule's first run.
    await createEventPartitions(orm, new Date());
    return applied.map((m) => m.name);
  } finally {
    await orm.close();
  }
}
