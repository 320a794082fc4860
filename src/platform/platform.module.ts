// The platform's tables (idempotency keys, the outbox, e-mails), the migrations of before the modules that no one
// domain owns (the foundation and the sandbox processor), and the e-mail queue every domain's templates go through.
import { SmtpMailer } from '../adapters/mail/smtp-mailer';
import { migrations, provide, type Module } from './module';
import { EmailService, type EmailTemplate } from './email';
import { BusinessMetrics, countEvents, watchOutbox, watchPool } from './prometheus';
import { IdempotencyKeySchema } from './idempotency/idempotency.entity';
import { OutboxMessageSchema } from './outbox/outbox.entity';
import { EmailMessageSchema } from './email/email.entity';
import { Migration20261122000000_foundation } from './migrations/Migration20261122000000_foundation';
import { Migration20261122030000_sandbox_processor } from './migrations/Migration20261122030000_sandbox_processor';
import { Migration20261130000000_outbox_pending_events } from './migrations/Migration20261130000000_outbox_pending_events';
import { Migration20261201100400_sandbox_disputes } from './migrations/Migration20261201100400_sandbox_disputes';
import { Migration20261201200100_sandbox_setup_intents } from './migrations/Migration20261201200100_sandbox_setup_intents';
import { Migration20261205003000_outbox_trace_context } from './migrations/Migration20261205003000_outbox_trace_context';

export const platformModule: Module = {
  name: 'platform',
  entities: [IdempotencyKeySchema, OutboxMessageSchema, EmailMessageSchema],
  migrations: migrations(
    Migration20261122000000_foundation,
    Migration20261122030000_sandbox_processor,
    Migration20261130000000_outbox_pending_events,
    Migration20261201100400_sandbox_disputes,
    Migration20261201200100_sandbox_setup_intents,
    Migration20261205003000_outbox_trace_context,
  ),
  provides: [
    provide('email', ['orm', 'clock', 'outbox', 'config', 'emailTemplates'], ({ config, emailTemplates, ...deps }) => {
      const mailer = new SmtpMailer({ url: config.SMTP_URL, from: config.EMAIL_FROM });
      return new EmailService({ ...deps, serverSecret: config.BURSAR_SECRET, mailer, templates: emailTemplates });
    }),
    // This environment's business counters; what its webhook events say happened is counted from them, and its
    // outbox backlog and connection pool are watched from here on.
    provide('businessMetrics', ['environment', 'outbox', 'orm'], ({ environment, outbox, orm }) => {
      const metrics = new BusinessMetrics(environment);
      outbox.listen(countEvents(metrics));
      watchOutbox(environment, orm);
      watchPool(environment, orm);
      return metrics;
    }),
  ],
};

declare module './module' {
  interface Services {
    email: EmailService;
    businessMetrics: BusinessMetrics;
  }
  interface Contributions {
    /** Every template a domain may enqueue (the worker renders by name, so both processes build the same list). */
    emailTemplates: EmailTemplate<never>[];
  }
}
