// What the login steps share: who asks (an address at an organization), and the digest codes and addresses are kept
// as.
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashToken } from '../../platform/crypto/tokens';
import { loginMember, memberByEmail, type Customer, type CustomerService } from '../customer';

export interface Addressee {
  email: string;
  organization_id: string;
}

/** A code or an address as it is stored: an HMAC digest under the server secret, never the value. */
export function loginDigest(serverSecret: string, kind: 'code' | 'email', value: string): string {
  return hashToken(`login-${kind}:${value}`, serverSecret);
}

/**
 * Whom a login with `email` is for: the customer whose own address it is (its owner), else the most recently added
 * member with that address of a live customer (that member); null when neither.
 */
export async function loginTarget(
  customers: CustomerService,
  em: EntityManager,
  organizationId: string,
  email: string,
): Promise<{ customer: Customer; memberId: string | null; address: string } | null> {
  const own = await customers.findByEmail(em, organizationId, email);
  // The customer's own address: the member who has it (its owner, or whoever it was before handing ownership over).
  if (own)
    return { customer: own, memberId: (await memberByEmail(em, own.id, own.email))?.id ?? null, address: own.email };
  const member = await loginMember(em, organizationId, email);
  const customer = member && (await customers.find(em, organizationId, member.customerId));
  return member && customer ? { customer, memberId: member.id, address: member.email } : null;
}
