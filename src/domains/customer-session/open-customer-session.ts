// A new customer session: its token made and kept only as a digest, the customer's ended sessions cleared away.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import type { Customer } from '../customer';
import { CustomerSession } from './customer-session.entity';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';

/** A session for `customer`, its token in clear text: the only time it exists outside the caller. */
export async function openCustomerSession(
  deps: { clock: Clock; serverSecret: string; ttlSeconds: number },
  em: EntityManager,
  customer: Customer,
  returnUrl: string | null = null,
): Promise<{ session: CustomerSession; token: string }> {
  const token = generateToken(CUSTOMER_SESSION_TOKEN_PREFIX);
  const now = deps.clock.now();
  // The customer's sessions that ended are of no more use: they go as a new one comes.
  await em.nativeDelete(CustomerSession, {
    customerId: customer.id,
    $or: [{ expiresAt: { $lte: now } }, { revokedAt: { $ne: null } }],
  });
  const session = em.create(CustomerSession, {
    id: newId(),
    organizationId: customer.organizationId,
    customerId: customer.id,
    tokenHash: hashToken(token, deps.serverSecret),
    expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000),
    returnUrl,
    revokedAt: null,
    createdAt: now,
    modifiedAt: null,
  });
  await em.flush();
  return { session, token };
}
