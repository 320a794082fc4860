// The portal's self-service login: a 6-character code e-mailed to the customer (kept only as an HMAC digest, valid
// 30 minutes, good once, one per customer, used up by 5 wrong guesses), exchanged with the address and the
// organization for a customer session token.
import { randomInt } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { Unauthorized } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { hashToken } from '../../platform/crypto/tokens';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { CustomerLoginCode } from './customer-session.entity';
import {
  LOGIN_CODE_ALPHABET,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_FAILED_ATTEMPTS,
  LOGIN_CODE_RESEND_SECONDS,
} from './customer-session.logic';
import type { CustomerSessionService } from './customer-session.service';
import { loginCodeEmail } from './login-code.email';

export interface CustomerLoginServiceDeps {
  orm: MikroORM;
  clock: Clock;
  serverSecret: string;
  codeTtlSeconds: number;
  customers: CustomerService;
  organizations: OrganizationService;
  sessions: CustomerSessionService;
  email: EmailQueue;
}

interface Addressee {
  email: string;
  organization_id: string;
}

const REFUSED = 'This code is wrong, expired or already used.';

export class CustomerLoginService {
  constructor(private readonly deps: CustomerLoginServiceDeps) {}

  /**
   * Answers at once, the same for any address: whether it is a customer's (and the code and its e-mail) is settled
   * after the answer, so neither the answer nor its timing tells.
   */
  requestCode(addressee: Addressee): void {
    inTransaction(this.deps.orm, (tx) => this.issueCode(tx, addressee)).catch((error) =>
      console.error('A login code request failed:', error),
    );
  }

  private async issueCode(tx: Tx, { email, organization_id }: Addressee): Promise<void> {
    const organization = await this.deps.organizations.findOrganization(tx.em, organization_id).catch(() => null);
    const customer = organization && (await this.deps.customers.findByEmail(tx.em, organization.id, email));
    if (!organization || !customer) return;
    const now = this.deps.clock.now();
    const latest = await tx.em.findOne(
      CustomerLoginCode,
      { customerId: customer.id },
      { orderBy: { createdAt: 'desc' } },
    );
    if (latest && now.getTime() - latest.createdAt.getTime() < LOGIN_CODE_RESEND_SECONDS * 1000) return; // no inbox flooding
    await tx.em.nativeDelete(CustomerLoginCode, { customerId: customer.id }); // one code per customer, the newest
    const code = newLoginCode();
    const expiresAt = new Date(now.getTime() + this.deps.codeTtlSeconds * 1000);
    tx.em.create(CustomerLoginCode, {
      id: newId(),
      organizationId: organization.id,
      customerId: customer.id,
      codeHash: this.digest('code', code),
      emailHash: this.digest('email', customer.email.toLowerCase()),
      failedAttempts: 0,
      expiresAt,
      usedAt: null,
      createdAt: now,
    });
    await tx.em.flush();
    await this.deps.email.enqueue(tx, {
      organizationId: organization.id,
      to: customer.email,
      template: loginCodeEmail,
      params: { code, organizationName: organization.name, validMinutes: Math.round(this.deps.codeTtlSeconds / 60) },
      expiresAt,
    });
  }

  /**
   * The customer's live code, once and before it expires, for a session token; the address is then verified. A
   * wrong guess is counted (and committed) before the refusal.
   */
  async authenticate(body: Addressee & { code: string }): Promise<{ token: string }> {
    const token = await inTransaction(this.deps.orm, (tx) => this.redeem(tx, body));
    if (!token) throw new Unauthorized(REFUSED);
    return { token };
  }

  private async redeem(tx: Tx, { email, organization_id, code }: Addressee & { code: string }): Promise<string | null> {
    const customer = await this.deps.customers.findByEmail(tx.em, organization_id, email);
    if (!customer) return null;
    const now = this.deps.clock.now();
    const live = await tx.em.findOne(
      CustomerLoginCode,
      { customerId: customer.id, usedAt: null, expiresAt: { $gt: now } },
      { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!live) return null;
    const right =
      live.codeHash === this.digest('code', code) &&
      live.emailHash === this.digest('email', customer.email.toLowerCase());
    if (right) live.usedAt = now;
    else if (++live.failedAttempts >= LOGIN_CODE_MAX_FAILED_ATTEMPTS) live.usedAt = now;
    await tx.em.flush();
    if (!right) return null;
    await this.deps.customers.markEmailVerified(tx.em, customer);
    return (await this.deps.sessions.open(tx.em, customer)).token;
  }

  private digest(kind: 'code' | 'email', value: string): string {
    return hashToken(`login-${kind}:${value}`, this.deps.serverSecret);
  }
}

function newLoginCode(): string {
  let code = '';
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}
