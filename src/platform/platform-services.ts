// What the composition root gives every module: one environment's plumbing, built before any module's services.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentProcessor } from '../adapters/payment/payment-processor';
import type { FileStorage } from '../adapters/storage/file-storage';
import type { Clock } from '../kernel/clock';
import type { Config, Environment } from './config';
import type { IdempotencyService } from './idempotency';
import type { OutboxService } from './outbox';
import type { FlowClient } from './temporal/flow-client';

export interface PlatformServices {
  environment: Environment;
  config: Config;
  clock: Clock;
  orm: MikroORM;
  outbox: OutboxService;
  idempotency: IdempotencyService;
  flows: FlowClient;
  storage: FileStorage;
  processor: PaymentProcessor | null;
  /** This environment's public address (links in answers and e-mails). */
  publicUrl: string;
  /** The sandbox environment: test clocks and the built-in processor. */
  sandbox: boolean;
}
