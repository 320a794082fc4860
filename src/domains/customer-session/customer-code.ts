// The e-mailed codes a customer proves an address with (a login, an e-mail update): issued one per customer and
// purpose, at most one a minute; checked against the address they were sent to, a wrong guess counted and the code
// used up after too many; good once.
import { randomInt } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import type { Tx } from '../../platform/database/transaction';
import { CustomerLoginCode, type CustomerCodePurpose } from './customer-session.entity';
import {
  LOGIN_CODE_ALPHABET,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_FAILED_ATTEMPTS,
  LOGIN_CODE_RESEND_SECONDS,
} from './customer-session.logic';
import { loginDigest } from './login-code-parts';

export interface CodeDeps {
  clock: Clock;
  serverSecret: string;
}

export interface CodeFor {
  organizationId: string;
  customerId: string;
  purpose: CustomerCodePurpose;
  /** The address the code goes to, and proves. */
  address: string;
  /** A member's login (its own address); null or absent: the customer's own. */
  memberId?: string | null;
}

/**
 * A new code for `to.address`, replacing the customer's earlier one of this purpose; or, when one was issued less
 * than a minute ago, the seconds until another may be (no inbox flooding).
 */
export async function issueCustomerCode(
  deps: CodeDeps & { codeTtlSeconds: number },
  tx: Tx,
  to: CodeFor,
): Promise<{ code: string; expiresAt: Date } | { retryAfterSeconds: number }> {
  const now = deps.clock.now();
  const { customerId, purpose } = to;
  const memberId = to.memberId ?? null;
  const latest = await tx.em.findOne(
    CustomerLoginCode,
    { customerId, purpose, memberId },
    { orderBy: { createdAt: 'desc' } },
  );
  const since = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
  if (since < LOGIN_CODE_RESEND_SECONDS * 1000)
    return { retryAfterSeconds: Math.ceil(LOGIN_CODE_RESEND_SECONDS - since / 1000) };
  await tx.em.nativeDelete(CustomerLoginCode, { customerId, purpose, memberId }); // one per customer, member, purpose
  const code = newCode();
  const expiresAt = new Date(now.getTime() + deps.codeTtlSeconds * 1000);
  tx.em.create(CustomerLoginCode, {
    id: newId(),
    organizationId: to.organizationId,
    customerId,
    memberId,
    purpose,
    email: purpose === 'login' ? null : to.address,
    codeHash: loginDigest(deps.serverSecret, 'code', code),
    emailHash: loginDigest(deps.serverSecret, 'email', to.address.toLowerCase()),
    failedAttempts: 0,
    expiresAt,
    usedAt: null,
    createdAt: now,
  });
  await tx.em.flush();
  return { code, expiresAt };
}

/**
 * The customer's live code of this purpose when `code` is it (and, for a login, it was sent to `address`): used up
 * when `use`. A wrong guess is counted — the caller commits it before refusing. Null: wrong, expired or used.
 */
export async function claimCustomerCode(
  deps: CodeDeps,
  tx: Tx,
  claim: {
    customerId: string;
    memberId?: string | null;
    purpose: CustomerCodePurpose;
    code: string;
    address?: string;
    use: boolean;
  },
): Promise<CustomerLoginCode | null> {
  const now = deps.clock.now();
  const live = await tx.em.findOne(
    CustomerLoginCode,
    {
      customerId: claim.customerId,
      memberId: claim.memberId ?? null,
      purpose: claim.purpose,
      usedAt: null,
      expiresAt: { $gt: now },
    },
    { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!live) return null;
  const address = claim.address ?? live.email ?? '';
  const right =
    live.codeHash === loginDigest(deps.serverSecret, 'code', claim.code) &&
    live.emailHash === loginDigest(deps.serverSecret, 'email', address.toLowerCase());
  if (right && claim.use) live.usedAt = now;
  else if (!right && ++live.failedAttempts >= LOGIN_CODE_MAX_FAILED_ATTEMPTS) live.usedAt = now;
  await tx.em.flush();
  return right ? live : null;
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < LOGIN_CODE_LENGTH; i++) code += LOGIN_CODE_ALPHABET[randomInt(LOGIN_CODE_ALPHABET.length)];
  return code;
}
