import { EntitySchema } from '@mikro-orm/core';

export const EMAIL_STATUSES = { queued: 'queued', sent: 'sent', failed: 'failed' } as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[keyof typeof EMAIL_STATUSES];

/** One queued e-mail: its template's parameters stay sealed until it is sent, then are erased. */
export class EmailMessage {
  id!: string;
  organizationId!: string;
  recipient!: string;
  template!: string;
  sealedParams: string | null = null;
  status!: EmailStatus;
  attempts = 0;
  lastError: string | null = null;
  sentAt: Date | null = null;
  /** Past this, the message is not worth sending any more (a login code that has expired): it fails instead. */
  expiresAt: Date | null = null;
  createdAt!: Date;
}

export const EmailMessageSchema = new EntitySchema<EmailMessage>({
  class: EmailMessage,
  tableName: 'email_message',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    recipient: { type: 'text' },
    template: { type: 'text' },
    sealedParams: { type: 'text', nullable: true },
    status: { type: 'text' },
    attempts: { type: 'integer', default: 0 },
    lastError: { type: 'text', nullable: true },
    sentAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
