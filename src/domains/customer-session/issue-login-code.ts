// A login code issued: to a customer of the organization with this address only, not twice within a minute, one per
// customer; e-mailed with the transaction.
import { randomInt } from 'node:crypto';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import type { EmailQueue } from '../../platform/email';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { CustomerLoginCode } from './customer-session.entity';
import { LOGIN_CODE_ALPHABET, LOGIN_CODE_LENGTH, LOGIN_CODE_RESEND_SECONDS } from './customer-session.logic';
import { loginDigest, type Addressee } from './login-code-parts';
import { loginCodeEmail } from './login-code.email';

export async function issueLoginCode(
  deps: {
    clock: Clock;
    serverSecret: string;
    codeTtlSeconds: number;
    customers: CustomerService;
    organizations: OrganizationService;
    email: EmailQueue;
  },
  tx: Tx,
  { email, organization_id }: Addressee,
): Promise<void> {
  const organization = await deps.organizations.findOrganization(tx.em, organization_id).catch(() => null);
  const customer = organization && (await deps.customers.findByEmail(tx.em, organization.id, email));
  if (!organization || !customer) return;
  const now = deps.clock.now();
  const latest = await tx.em.findOne(
    CustomerLoginCode,
    { customerId: customer.id },
    { orderBy: { createdAt: 'desc' } },
  );
  if (latest && now.getTime() - latest.createdAt.getTime() < LOGIN_CODE_RESEND_SECONDS * 1000) return; // no inbox flooding
  await tx.em.nativeDelete(CustomerLoginCode, { customerId: customer.id }); // one code per customer, the newest
  const code = newLoginCode();
  const expiresAt = new Date(now.getTime() + deps.codeTtlSeconds * 1000);
  tx.em.create(CustomerLoginCode, {
    id: newId(),
    organizationId: organization.id,
    customerId: customer.id,
    codeHash: loginDigest(deps.serverSecret, 'code', code),
    emailHash: loginDigest(deps.serverSecret, 'email', customer.email.toLowerCase()),
    failedAttempts: 0,
    expiresAt,
    usedAt: null,
    createdAt: now,
  });
  await tx.em.flush();
  await deps.email.enqueue(tx, {
    organizationId: organization.id,
    to: customer.email,
    template: loginCodeEmail,
    params: { code, organizationName: organization.name, validMinutes: Math.round(deps.codeTtlSeconds / 60) },
    expiresAt,
  });
}

function newLoginCode(): string {
  let code = '';
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}
