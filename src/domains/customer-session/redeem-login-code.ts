// A login code redeemed: the customer's live code and address, once, for a session token; a wrong guess counted, the
// code used up after too many.
import { LockMode } from '@mikro-orm/core';
import type { Clock } from '../../kernel/clock';
import type { Tx } from '../../platform/database/transaction';
import type { CustomerService } from '../customer';
import { CustomerLoginCode } from './customer-session.entity';
import { LOGIN_CODE_MAX_FAILED_ATTEMPTS } from './customer-session.logic';
import type { CustomerSessionService } from './customer-session.service';
import { loginDigest, type Addressee } from './login-code-parts';

/** The session token, or null when the code is wrong, expired or used. */
export async function redeemLoginCode(
  deps: { clock: Clock; serverSecret: string; customers: CustomerService; sessions: CustomerSessionService },
  tx: Tx,
  { email, organization_id, code }: Addressee & { code: string },
): Promise<string | null> {
  const customer = await deps.customers.findByEmail(tx.em, organization_id, email);
  if (!customer) return null;
  const now = deps.clock.now();
  const live = await tx.em.findOne(
    CustomerLoginCode,
    { customerId: customer.id, usedAt: null, expiresAt: { $gt: now } },
    { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!live) return null;
  const right =
    live.codeHash === loginDigest(deps.serverSecret, 'code', code) &&
    live.emailHash === loginDigest(deps.serverSecret, 'email', customer.email.toLowerCase());
  if (right) live.usedAt = now;
  else if (++live.failedAttempts >= LOGIN_CODE_MAX_FAILED_ATTEMPTS) live.usedAt = now;
  await tx.em.flush();
  if (!right) return null;
  await deps.customers.markEmailVerified(tx.em, customer);
  return (await deps.sessions.open(tx.em, customer)).token;
}
