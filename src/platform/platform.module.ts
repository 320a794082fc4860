// The platform's tables (idempotency keys, the outbox, e-mails), and the migrations of before the modules that no one
// domain owns: the foundation and the sandbox processor.
import { migrations, type Module } from './module';
import { IdempotencyKeySchema } from './idempotency/idempotency.entity';
import { OutboxMessageSchema } from './outbox/outbox.entity';
import { EmailMessageSchema } from './email/email.entity';
import { Migration20261122000000_foundation } from './migrations/Migration20261122000000_foundation';
import { Migration20261122030000_sandbox_processor } from './migrations/Migration20261122030000_sandbox_processor';
import { Migration20261130000000_outbox_pending_events } from './migrations/Migration20261130000000_outbox_pending_events';

export const platformModule: Module = {
  name: 'platform',
  entities: [IdempotencyKeySchema, OutboxMessageSchema, EmailMessageSchema],
  migrations: migrations(
    Migration20261122000000_foundation,
    Migration20261122030000_sandbox_processor,
    Migration20261130000000_outbox_pending_events,
  ),
};
