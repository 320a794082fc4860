// An e-mail update's code checked, or redeemed: the customer's address becomes the one it proves (verified,
// customer.updated), their sessions end and a new one opens, unless another customer has the address meanwhile.
import { LockMode } from '@mikro-orm/core';
import type { Tx } from '../../platform/database/transaction';
import type { AuthenticatedCustomer, CustomerOwner } from '../../platform/http/route';
import { claimCustomerCode } from './customer-code';
import { CustomerSession } from './customer-session.entity';
import type { EmailUpdateDeps } from './email-update-deps';

export type EmailUpdateOutcome = { kind: 'refused' } | { kind: 'taken' } | { kind: 'changed'; token: string };

/** Whether `code` is the caller's live e-mail update code (a wrong one is counted like a wrong guess at verify). */
export async function checkEmailUpdate(
  deps: EmailUpdateDeps,
  tx: Tx,
  caller: CustomerOwner,
  code: string,
): Promise<boolean> {
  const claim = { customerId: caller.customerId, purpose: 'email_update' as const, code, use: false };
  return (await claimCustomerCode(deps, tx, claim)) !== null;
}

/** The code used up whatever follows; a taken address leaves the customer as they were. */
export async function verifyEmailUpdate(
  deps: EmailUpdateDeps,
  tx: Tx,
  caller: AuthenticatedCustomer,
  code: string,
): Promise<EmailUpdateOutcome> {
  const claim = { customerId: caller.customerId, purpose: 'email_update' as const, code, use: true };
  const claimed = await claimCustomerCode(deps, tx, claim);
  if (!claimed?.email) return { kind: 'refused' };
  const customer = await deps.customers.get(tx.em, caller.organizationId, caller.customerId, { lock: true });
  const holder = await deps.customers.findByEmail(tx.em, caller.organizationId, claimed.email);
  if (holder && holder.id !== customer.id) return { kind: 'taken' };
  await deps.customers.update(tx, customer, { email: claimed.email, email_verified: true });
  const current = await tx.em.findOneOrFail(
    CustomerSession,
    { id: caller.sessionId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  const now = deps.clock.now();
  await tx.em.nativeUpdate(
    CustomerSession,
    { customerId: customer.id, revokedAt: null },
    { revokedAt: now, modifiedAt: now },
  );
  const { token } = await deps.sessions.open(tx.em, customer, current.returnUrl, caller.memberId);
  return { kind: 'changed', token };
}
