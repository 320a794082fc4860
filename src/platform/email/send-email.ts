// A queued message sent (the `email:<id>` flow's activity): rendered and sent with no transaction open while SMTP
// talks, then recorded sent and its parameters erased; a failure counted on the row and rethrown for Temporal.
import { raw } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mailer } from '../../adapters/mail/smtp-mailer';
import type { Clock } from '../../kernel/clock';
import type { EmailTemplate } from './email';
import { EMAIL_STATUSES, EmailMessage } from './email.entity';
import { EmailUndeliverable, renderEmail } from './render-email';

/**
 * Renders and sends a queued message (nothing when it was sent already), then marks it sent and erases its
 * parameters. A failure is counted on the row and rethrown for Temporal to retry.
 */
export async function sendEmail(
  deps: {
    orm: MikroORM;
    clock: Clock;
    serverSecret: string;
    mailer: Mailer;
    templates: ReadonlyMap<string, EmailTemplate<never>>;
  },
  id: string,
): Promise<void> {
  const em = deps.orm.em.fork();
  const message = await em.findOne(EmailMessage, { id });
  if (!message) throw new EmailUndeliverable(`No e-mail ${id}.`);
  if (message.status !== EMAIL_STATUSES.queued) return;
  try {
    await deps.mailer.send({ to: message.recipient, ...renderEmail(deps, message), messageId: message.id });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await em.nativeUpdate(EmailMessage, { id }, { attempts: raw('attempts + 1'), lastError: reason.slice(0, 2000) });
    // What Temporal records (the flow's history, the Web UI) never names the recipient, which SMTP errors often quote.
    const redacted = reason.replaceAll(message.recipient, '<recipient>');
    throw error instanceof EmailUndeliverable ? new EmailUndeliverable(redacted) : new Error(redacted);
  }
  await em.nativeUpdate(
    EmailMessage,
    { id, status: EMAIL_STATUSES.queued },
    {
      status: EMAIL_STATUSES.sent,
      sentAt: deps.clock.now(),
      sealedParams: null,
      attempts: raw('attempts + 1'),
      lastError: null,
    },
  );
}
