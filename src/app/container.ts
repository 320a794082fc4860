// Composition root of one environment: its database, its Temporal namespace and the services built on them.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, type Connection } from '@temporalio/client';
import type { FileStorage } from '../adapters/storage/file-storage';
import { BenefitService, benefitOutput } from '../domains/benefit';
import { CustomFieldService, ProductService, productSummary } from '../domains/catalog';
import { CustomerService } from '../domains/customer';
import { DiscountService } from '../domains/discount';
import { FileService } from '../domains/file';
import { WebhookDeliveryService, WebhookEndpointService, WebhookLogService } from '../domains/webhook';
import { OUTBOX_KINDS } from '../domains/outbox';
import { IdempotencyService } from '../domains/idempotency';
import { MeterService } from '../domains/meter';
import { OrganizationService } from '../domains/organization';
import { OutboxService } from '../domains/outbox';
import { systemClock, type Clock } from '../kernel/clock';
import type { Config, Environment } from './config';
import { openDatabase } from './database';
import { createFileStorage } from './storage';

export interface EnvironmentContext {
  environment: Environment;
  config: Config;
  clock: Clock;
  orm: MikroORM;
  temporal: Client;
  namespace: string;
  taskQueue: string;
  organizations: OrganizationService;
  meters: MeterService;
  idempotency: IdempotencyService;
  outbox: OutboxService;
  storage: FileStorage;
  files: FileService;
  benefits: BenefitService;
  customFields: CustomFieldService;
  products: ProductService;
  discounts: DiscountService;
  webhookEndpoints: WebhookEndpointService;
  webhookDeliveries: WebhookDeliveryService;
  webhookLog: WebhookLogService;
  customers: CustomerService;
}

export async function openEnvironment(
  config: Config,
  environment: Environment,
  connection: Connection,
  clock: Clock = systemClock,
): Promise<EnvironmentContext> {
  const orm = await openDatabase(config.databaseUrls[environment], config.DATABASE_POOL_MAX);
  const namespace = config.namespaces[environment];
  const temporal = new Client({ connection, namespace });
  const taskQueue = config.TEMPORAL_TASK_QUEUE;
  const outbox = new OutboxService({ orm, temporal, taskQueue, environment, clock, log: (m) => console.warn(`[${environment}] ${m}`) });
  const meters = new MeterService(clock);
  const storage = createFileStorage(config, environment, clock);

  // The catalog's domains refer to each other only through these callbacks.
  const ids = (items: { id: string }[]) => new Set(items.map((item) => item.id));
  const context = { environment, config, clock, orm, temporal, namespace, taskQueue, outbox, meters, storage } as EnvironmentContext;
  context.organizations = new OrganizationService(config.BURSAR_SECRET, clock);
  context.idempotency = new IdempotencyService(clock);
  context.customFields = new CustomFieldService(clock);
  context.files = new FileService(storage, clock, {
    environment,
    maxSizeBytes: config.FILE_MAX_SIZE_BYTES,
    urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    isInUse: async (em, organizationId, fileId) =>
      (await context.benefits.isFileUsed(em, organizationId, fileId)) || (await context.products.isMediaUsed(em, organizationId, fileId)),
  });
  context.benefits = new BenefitService({
    clock,
    outbox,
    existingMeters: async (em, organizationId, meterIds) => ids(await meters.findByIds(em, organizationId, meterIds)),
    uploadedDownloadables: async (em, organizationId, fileIds) => ids(await context.files.findUploaded(em, organizationId, fileIds, 'downloadable')),
    onDeleted: (em, organizationId, benefitId) => context.products.detachBenefit(em, organizationId, benefitId),
  });
  context.products = new ProductService({
    clock,
    outbox,
    meters: (em, organizationId, meterIds) => meters.findByIds(em, organizationId, meterIds),
    benefits: async (em, organizationId, benefitIds) => (await context.benefits.findByIds(em, organizationId, benefitIds)).map(benefitOutput),
    medias: async (em, organizationId, fileIds) =>
      (await context.files.findUploaded(em, organizationId, fileIds, 'product_media')).map((file) => context.files.output(file) as Extract<ReturnType<FileService['output']>, { service: 'product_media' }>),
  });
  context.discounts = new DiscountService({
    clock,
    products: async (em, organizationId, productIds) => (await context.products.findByIds(em, organizationId, productIds)).map(productSummary),
  });
  context.webhookEndpoints = new WebhookEndpointService({
    clock,
    serverSecret: config.BURSAR_SECRET,
    urlPolicy: { environment, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_URLS },
  });
  context.webhookDeliveries = new WebhookDeliveryService({
    orm,
    clock,
    outbox,
    endpoints: context.webhookEndpoints,
    disableAfterFailures: config.WEBHOOK_DISABLE_AFTER_FAILURES,
    allowPrivateAddresses: config.WEBHOOK_ALLOW_PRIVATE_URLS,
    policy: {
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      initialIntervalMs: config.WEBHOOK_RETRY_INITIAL_INTERVAL_MS,
      backoffCoefficient: config.WEBHOOK_RETRY_BACKOFF_COEFFICIENT,
      maximumIntervalMs: config.WEBHOOK_RETRY_MAX_INTERVAL_MS,
      maximumAttempts: config.WEBHOOK_MAX_ATTEMPTS,
      orderingMaxWaitMs: config.WEBHOOK_ORDERING_MAX_WAIT_MS,
    },
  });
  context.webhookLog = new WebhookLogService();
  context.customers = new CustomerService({ clock, outbox });
  outbox.registerDispatcher(OUTBOX_KINDS.event, (message) => context.webhookDeliveries.fanOut(message));
  return context;
}

export async function closeEnvironment(context: EnvironmentContext): Promise<void> {
  await context.orm.close();
}
