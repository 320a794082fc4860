// The bearer check of a customer session token on every portal request: its customer, while both are live.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { AuthenticatedCustomer } from '../../platform/http/route';
import type { CustomerService } from '../customer';
import { CustomerSession } from './customer-session.entity';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';

/** The customer a bearer token speaks for: null when it is unknown, expired, ended, or its customer is deleted. */
export async function authenticateCustomerSession(
  deps: { clock: Clock; serverSecret: string; customers: CustomerService },
  em: EntityManager,
  token: string,
): Promise<AuthenticatedCustomer | null> {
  if (!hasValidChecksum(token, CUSTOMER_SESSION_TOKEN_PREFIX)) return null;
  const session = await em.findOne(CustomerSession, {
    tokenHash: hashToken(token, deps.serverSecret),
    revokedAt: null,
  });
  if (!session || session.expiresAt <= deps.clock.now()) return null;
  if (!(await deps.customers.find(em, session.organizationId, session.customerId))) return null;
  return { organizationId: session.organizationId, customerId: session.customerId, sessionId: session.id };
}
