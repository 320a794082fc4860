// A customer session token a secret-scanning program reported leaked: its session ended at once, if it had not ended.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import { CustomerSession } from './customer-session.entity';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';

/** A session whose token was reported leaked: whose it is, and whether this report ended it. */
export interface LeakedCustomerSession {
  organizationId: string;
  customerId: string;
  revokedNow: boolean;
}

/**
 * A token a secret-scanning program found in public: its session is ended at once (if it had not ended yet). Null
 * when the string is no token of ours — it fails the checksum, or no session has this digest.
 */
export async function revokeLeakedCustomerSession(
  deps: { clock: Clock; serverSecret: string },
  em: EntityManager,
  token: string,
): Promise<LeakedCustomerSession | null> {
  if (!hasValidChecksum(token, CUSTOMER_SESSION_TOKEN_PREFIX)) return null;
  const tokenHash = hashToken(token, deps.serverSecret);
  const session = await em.findOne(CustomerSession, { tokenHash });
  if (!session) return null;
  const now = deps.clock.now();
  // guarded: of two reports at once, one revokes (and e-mails)
  const revokedNow =
    (await em.nativeUpdate(CustomerSession, { tokenHash, revokedAt: null }, { revokedAt: now, modifiedAt: now })) === 1;
  return { organizationId: session.organizationId, customerId: session.customerId, revokedNow };
}
