import { EntitySchema } from '@mikro-orm/core';

/** A customer's access to the customer portal: its token is kept only as an HMAC digest. */
export class CustomerSession {
  id!: string;
  organizationId!: string;
  customerId!: string;
  /** The member it speaks for; null: the customer's owner. */
  memberId: string | null = null;
  tokenHash!: string;
  expiresAt!: Date;
  returnUrl: string | null = null;
  revokedAt: Date | null = null;
  createdAt!: Date;
  modifiedAt: Date | null = null;
}

/** What an e-mailed code proves: the customer's address (a login), or a new address they want (an e-mail update). */
export type CustomerCodePurpose = 'login' | 'email_update';

/**
 * A 6-character code e-mailed to a customer, good once: for a session (a login) or for a new address (an e-mail
 * update); kept only as an HMAC digest.
 */
export class CustomerLoginCode {
  id!: string;
  organizationId!: string;
  customerId!: string;
  /** A login's member (the address is a member's, not the customer's own); null: the owner. */
  memberId: string | null = null;
  purpose: CustomerCodePurpose = 'login';
  /** An e-mail update's new address, the one the code was sent to; null for a login. */
  email: string | null = null;
  codeHash!: string;
  /** A digest of the address it was sent to: a code proves that address only, so it fails once the customer's changed. */
  emailHash!: string;
  /** Wrong codes tried against it; at the limit it is used up. */
  failedAttempts = 0;
  expiresAt!: Date;
  usedAt: Date | null = null;
  createdAt!: Date;
}

export const CustomerSessionSchema = new EntitySchema<CustomerSession>({
  class: CustomerSession,
  tableName: 'customer_session',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    memberId: { type: 'uuid', nullable: true },
    tokenHash: { type: 'text' },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    returnUrl: { type: 'text', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    modifiedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});

export const CustomerLoginCodeSchema = new EntitySchema<CustomerLoginCode>({
  class: CustomerLoginCode,
  tableName: 'customer_login_code',
  properties: {
    id: { type: 'uuid', primary: true },
    organizationId: { type: 'uuid' },
    customerId: { type: 'uuid' },
    memberId: { type: 'uuid', nullable: true },
    purpose: { type: 'text', default: 'login' },
    email: { type: 'text', nullable: true },
    codeHash: { type: 'text' },
    emailHash: { type: 'text' },
    failedAttempts: { type: 'integer', default: 0 },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
