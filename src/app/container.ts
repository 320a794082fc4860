// Composition root of one environment: its database, its Temporal namespace and the services built on them.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, type Connection } from '@temporalio/client';
import { IdempotencyService } from '../domains/idempotency';
import { MeterService } from '../domains/meter';
import { OrganizationService } from '../domains/organization';
import { OutboxService } from '../domains/outbox';
import { systemClock, type Clock } from '../kernel/clock';
import type { Config, Environment } from './config';
import { openDatabase } from './database';

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
  return {
    environment,
    config,
    clock,
    orm,
    temporal,
    namespace,
    taskQueue,
    organizations: new OrganizationService(config.BURSAR_SECRET, clock),
    meters: new MeterService(clock),
    idempotency: new IdempotencyService(clock),
    outbox: new OutboxService({ orm, temporal, taskQueue, environment, clock, log: (m) => console.warn(`[${environment}] ${m}`) }),
  };
}

export async function closeEnvironment(context: EnvironmentContext): Promise<void> {
  await context.orm.close();
}
