// A new customer session: its token made and kept only as a digest, the customer's ended sessions cleared away.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import { newId } from '../../kernel/ids';
import { generateToken, hashToken } from '../../platform/crypto/tokens';
import { ownerOf, type Customer } from '../customer';
import { CustomerSession } from './customer-session.entity';
import { CUSTOMER_SESSION_TOKEN_PREFIX } from './customer-session.logic';

/**
 * A session for `customer`'s member `memberId`, else for its owner now (kept: a session stays its member's, so one
 * opened for an owner who hands ownership over is a billing manager's from then on); its token in clear text, shown once.
 */
export async function openCustomerSession(
  deps: { clock: Clock; serverSecret: string; ttlSeconds: number },
  em: EntityManager,
  customer: Customer,
  returnUrl: string | null = null,
  memberId: string | null = null,
): Promise<{ session: CustomerSession; token: string }> {
  memberId ??= (await ownerOf(em, customer.id))?.id ?? null;
  const token = generateToken(CUSTOMER_SESSION_TOKEN_PREFIX);
  const now = deps.clock.now();
  const session = em.create(
    CustomerSession,
    {
      id: newId(),
      organizationId: customer.organizationId,
      customerId: customer.id,
      memberId,
      tokenHash: hashToken(token, deps.serverSecret),
      expiresAt: new Date(now.getTime() + deps.ttlSeconds * 1000),
      returnUrl,
      revokedAt: null,
      createdAt: now,
      modifiedAt: null,
    },
    { persist: false }, // written below, not by a flush
  );
  // The customer's sessions that ended are of no more use: they go as the new one comes, in the same statement.
  await em.execute(
    `with ended as (
       delete from customer_session where customer_id = ? and (expires_at <= ? or revoked_at is not null)
     )
     insert into customer_session
       (id, organization_id, customer_id, member_id, token_hash, expires_at, return_url, revoked_at, created_at,
        modified_at)
     values (?, ?, ?, ?, ?, ?, ?, null, ?, null)`,
    [
      customer.id,
      now,
      session.id,
      customer.organizationId,
      customer.id,
      memberId,
      session.tokenHash,
      session.expiresAt,
      returnUrl,
      now,
    ],
  );
  return { session, token };
}
