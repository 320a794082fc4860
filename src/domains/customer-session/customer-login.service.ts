// The portal's self-service login: a 6-character code e-mailed to the customer (kept only as an HMAC digest, valid
// 30 minutes, good once), exchanged for a customer session token.
import { randomInt } from 'node:crypto';
import type { Clock } from '../../kernel/clock';
import { Unauthorized } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { hashToken } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email/email';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { CustomerLoginCode } from './customer-session.entity';
import { LOGIN_CODE_ALPHABET, LOGIN_CODE_LENGTH } from './customer-session.logic';
import type { CustomerSessionService } from './customer-session.service';
import { loginCodeEmail } from './login-code.email';

export interface CustomerLoginServiceDeps {
  clock: Clock;
  serverSecret: string;
  codeTtlSeconds: number;
  customers: CustomerService;
  organizations: OrganizationService;
  sessions: CustomerSessionService;
  email: EmailQueue;
}

export class CustomerLoginService {
  constructor(private readonly deps: CustomerLoginServiceDeps) {}

  /** E-mails a code when the address is a customer's of the organization; says nothing either way. */
  async requestCode(tx: Tx, body: { email: string; organization_id: string }): Promise<void> {
    const organization = await this.deps.organizations.findOrganization(tx.em, body.organization_id).catch(() => null);
    const customer = organization && (await this.deps.customers.findByEmail(tx.em, organization.id, body.email));
    if (!organization || !customer) return;
    const code = newLoginCode();
    const now = this.deps.clock.now();
    tx.em.create(CustomerLoginCode, {
      id: newId(),
      organizationId: organization.id,
      customerId: customer.id,
      codeHash: this.hash(code),
      expiresAt: new Date(now.getTime() + this.deps.codeTtlSeconds * 1000),
      usedAt: null,
      createdAt: now,
    });
    await tx.em.flush();
    await this.deps.email.enqueue(tx, {
      organizationId: organization.id,
      to: customer.email,
      template: loginCodeEmail,
      params: { code, organizationName: organization.name, validMinutes: Math.round(this.deps.codeTtlSeconds / 60) },
    });
  }

  /** The code, once and before it expires, for a session token; the customer's address is then verified. */
  async authenticate(tx: Tx, code: string): Promise<{ token: string }> {
    const now = this.deps.clock.now();
    // One guarded update: a code raced by two requests is used by one of them only.
    const [used] = await tx.em.execute<{ organization_id: string; customer_id: string }[]>(
      `update customer_login_code set used_at = ? where id = (
         select id from customer_login_code where code_hash = ? and used_at is null and expires_at > ? order by created_at desc limit 1
       ) and used_at is null returning organization_id, customer_id`,
      [now, this.hash(code), now],
    );
    const customer = used && (await this.deps.customers.find(tx.em, used.organization_id, used.customer_id));
    if (!customer) throw new Unauthorized('This code is wrong, expired or already used.');
    await this.deps.customers.markEmailVerified(tx.em, customer);
    const { token } = await this.deps.sessions.open(tx.em, customer);
    return { token };
  }

  private hash(code: string): string {
    return hashToken(`login-code:${code}`, this.deps.serverSecret);
  }
}

function newLoginCode(): string {
  let code = '';
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}
