// The bearer check of a customer session token on every portal request: its customer and member, while all are live.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { AuthenticatedCustomer } from '../../platform/http/route';
import { sessionMember } from '../customer';
import { CustomerSession } from './customer-session.entity';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';

/**
 * The customer and member a bearer token speaks for (a session made without a member: the owner); null when it is
 * unknown, expired, ended, or its customer or member is deleted.
 */
export async function authenticateCustomerSession(
  deps: { clock: Clock; serverSecret: string },
  em: EntityManager,
  token: string,
): Promise<AuthenticatedCustomer | null> {
  if (!hasValidChecksum(token, CUSTOMER_SESSION_TOKEN_PREFIX)) return null;
  const session = await em.findOne(CustomerSession, {
    tokenHash: hashToken(token, deps.serverSecret),
    revokedAt: null,
  });
  if (!session || session.expiresAt <= deps.clock.now()) return null;
  const member = await sessionMember(em, session.organizationId, session.customerId, session.memberId);
  if (!member) return null;
  return { organizationId: session.organizationId, customerId: session.customerId, sessionId: session.id, ...member };
}
