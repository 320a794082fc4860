// The e-mail queue. `enqueue` writes the message (its parameters sealed) and the start of its `email:<id>` flow in
// the caller's transaction; the flow's activity calls `send`, which renders and sends it with no transaction open
// while SMTP talks, then records it sent and erases the parameters. Temporal retries a failed send.
import { flowStart } from '../temporal/flow-start';
import { raw } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mailer } from '../../adapters/mail/smtp-mailer';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { FLOWS, type EmailInput } from '../../../workflows/definitions';
import { openSecret, sealSecret } from '../crypto/sealed-secret';
import type { Tx } from '../database/transaction';
import type { OutboxService } from '../outbox';
import type { EmailContent, EmailQueue, EmailTemplate, OutgoingEmail } from './email';
import { EMAIL_STATUSES, EmailMessage } from './email.entity';

const SEAL_PURPOSE = 'email-params';

/** A message no retry can send (its template is not known to this build): it fails for good. */
export class EmailUndeliverable extends Error {
  override readonly name = 'EmailUndeliverable';
}

export interface EmailServiceDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  serverSecret: string;
  mailer: Mailer;
  /** Every template a domain may enqueue: the worker renders by name, so both processes wire the same list. */
  templates: readonly EmailTemplate<never>[];
}

export class EmailService implements EmailQueue {
  private readonly templates = new Map<string, EmailTemplate<never>>();

  constructor(private readonly deps: EmailServiceDeps) {
    for (const template of deps.templates) {
      if (this.templates.has(template.name)) throw new Error(`Two e-mail templates are named "${template.name}".`);
      this.templates.set(template.name, template);
    }
  }

  /** Writes the message and its flow's start (through the outbox) in the caller's transaction. */
  async enqueue<P>(tx: Tx, email: OutgoingEmail<P>): Promise<void> {
    if (this.templates.get(email.template.name) !== email.template) {
      throw new Error(
        `The e-mail template "${email.template.name}" is not registered with the EmailService (a module contributes it to emailTemplates).`,
      );
    }
    const message = tx.em.create(EmailMessage, {
      id: newId(),
      organizationId: email.organizationId,
      recipient: email.to,
      template: email.template.name,
      sealedParams: sealSecret(JSON.stringify(email.params), this.deps.serverSecret, SEAL_PURPOSE),
      status: EMAIL_STATUSES.queued,
      attempts: 0,
      lastError: null,
      sentAt: null,
      expiresAt: email.expiresAt ?? null,
      createdAt: this.deps.clock.now(),
    });
    const input: EmailInput = { emailId: message.id };
    this.deps.outbox.enqueueWorkflowStart(
      tx,
      email.organizationId,
      flowStart(FLOWS.email, [message.id], input, {
        summary: `E-mail ${email.template.name}`, // never the address: summaries are shown to every operator
      }),
    );
  }

  /**
   * Renders and sends a queued message (nothing when it was sent already), then marks it sent and erases its
   * parameters. A failure is counted on the row and rethrown for Temporal to retry.
   */
  async send(id: string): Promise<void> {
    const em = this.deps.orm.em.fork();
    const message = await em.findOne(EmailMessage, { id });
    if (!message) throw new EmailUndeliverable(`No e-mail ${id}.`);
    if (message.status !== EMAIL_STATUSES.queued) return;
    try {
      await this.deps.mailer.send({ to: message.recipient, ...this.render(message), messageId: message.id });
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
        sentAt: this.deps.clock.now(),
        sealedParams: null,
        attempts: raw('attempts + 1'),
        lastError: null,
      },
    );
  }

  /** The message's content; what no retry could change (an unknown template, an expired message) is undeliverable. */
  private render(message: EmailMessage): EmailContent {
    if (message.expiresAt && message.expiresAt <= this.deps.clock.now())
      throw new EmailUndeliverable('It expired before it could be sent.');
    const template = this.templates.get(message.template);
    if (!template) throw new EmailUndeliverable(`No e-mail template named "${message.template}" is registered.`);
    if (!message.sealedParams) throw new EmailUndeliverable('Its parameters are gone.');
    try {
      return template.render(
        JSON.parse(openSecret(message.sealedParams, this.deps.serverSecret, SEAL_PURPOSE)) as never,
      );
    } catch (error) {
      throw new EmailUndeliverable(`It cannot be rendered: ${(error as Error).message}`);
    }
  }

  async forgetRecipient(tx: Tx, organizationId: string, address: string): Promise<void> {
    await tx.em.execute(
      `update email_message set recipient = 'erased@anonymized.invalid', sealed_params = null,
         status = case when status = 'queued' then 'failed' else status end
       where organization_id = ? and lower(recipient) = lower(?)`,
      [organizationId, address],
    );
  }

  /** The flow gave up: the message is `failed` and its parameters erased (they may hold a login code). */
  async markFailed(id: string, reason: string): Promise<void> {
    await this.deps.orm.em
      .fork()
      .nativeUpdate(
        EmailMessage,
        { id, status: EMAIL_STATUSES.queued },
        { status: EMAIL_STATUSES.failed, sealedParams: null, lastError: reason.slice(0, 2000) },
      );
  }
}
