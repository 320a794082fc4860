// The e-mail queue. `enqueue` writes the message (its parameters sealed) and the start of its `email:<id>` flow in
// the caller's transaction; the flow's activity calls `send` (send-email.ts). Temporal retries a failed send.
import { flowStart } from '../temporal/flow-start';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Mailer } from '../../adapters/mail/smtp-mailer';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { FLOWS, type EmailInput } from '../../../workflows/definitions';
import type { Tx } from '../database/transaction';
import type { OutboxService } from '../outbox';
import type { EmailQueue, EmailTemplate, OutgoingEmail } from './email';
import { sealEmailParams } from './email-params';
import { sendEmail } from './send-email';
import { EMAIL_STATUSES, EmailMessage } from './email.entity';

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
      sealedParams: sealEmailParams(email.params, this.deps.serverSecret),
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
  send(id: string): Promise<void> {
    return sendEmail({ ...this.deps, templates: this.templates }, id);
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
