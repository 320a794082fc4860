// One environment: its database, its Temporal namespace, its plumbing, and the domains wired on them.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, type ConnectionLike } from '@temporalio/client';
import type { PaymentProcessor } from '../adapters/payment/payment-processor';
import type { FileStorage } from '../adapters/storage/file-storage';
import { SandboxPaymentProcessor } from '../adapters/payment/sandbox-processor';
import { StripePaymentProcessor } from '../adapters/payment/stripe-processor';
import { systemClock, type Clock } from '../kernel/clock';
import { IdempotencyService } from '../platform/idempotency';
import { OutboxService } from '../platform/outbox';
import { FlowClient } from '../platform/temporal/flow-client';
import { tracingClientInterceptors } from '../platform/tracing/temporal-tracing';
import type { Config, Environment } from '../platform/config';
import { openDatabase } from './database';
import { createFileStorage } from './storage';
import type { Services } from '../platform/module';
import type { RouteDefinition } from '../platform/http/route';
import { compose } from './compose';
import { MODULES } from './modules';
import { logger } from '../platform/logging/logger';

export interface EnvironmentContext {
  environment: Environment;
  config: Config;
  clock: Clock;
  orm: MikroORM;
  temporal: Client;
  namespace: string;
  taskQueue: string;
  outbox: OutboxService;
  idempotency: IdempotencyService;
  storage: FileStorage;
  processor: PaymentProcessor | null;
  /** Every module's services, and their routes in the order of the modules. */
  domains: Services & { routes: RouteDefinition[] };
}

export async function openEnvironment(
  config: Config,
  environment: Environment,
  connection: ConnectionLike,
  clock: Clock = systemClock,
  options: { eagerWorkflowStart?: boolean } = {},
): Promise<EnvironmentContext> {
  const orm = await openDatabase(config.databaseUrls[environment], config.DATABASE_POOL_MAX);
  const namespace = config.namespaces[environment];
  const temporal = new Client({ connection, namespace, interceptors: { workflow: tracingClientInterceptors() } });
  const taskQueue = config.TEMPORAL_TASK_QUEUE;
  const outbox = new OutboxService({
    orm,
    temporal,
    taskQueue,
    environment,
    clock,
    eagerWorkflowStart: options.eagerWorkflowStart,
    log: (message) => logger().warn({ environment }, message),
  });
  const idempotency = new IdempotencyService(clock);
  const storage = createFileStorage(config, environment, clock);
  // The sandbox always has the built-in processor; production uses Stripe when it is configured.
  const processor =
    environment === 'sandbox'
      ? new SandboxPaymentProcessor(orm)
      : config.STRIPE_SECRET_KEY
        ? new StripePaymentProcessor({ secretKey: config.STRIPE_SECRET_KEY })
        : null;
  const flows = new FlowClient(temporal, taskQueue, outbox);
  const publicUrl = config.publicUrls[environment];
  const platform = { environment, config, clock, orm, outbox, idempotency, flows, storage, processor, publicUrl };
  const { services, routes } = compose(MODULES, { ...platform, sandbox: environment === 'sandbox' });
  const domains = { ...services, routes };
  return {
    environment,
    config,
    clock,
    orm,
    temporal,
    namespace,
    taskQueue,
    outbox,
    idempotency,
    storage,
    processor,
    domains,
  };
}

export async function closeEnvironment(context: EnvironmentContext): Promise<void> {
  await context.orm.close();
}
