// Customer sessions: created by the organization's server (or by a login code, or by a checkout for its buyer),
// resolved on every portal request, ended by the customer or by their deletion.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerSessionCreate } from '../../contracts/customer-session';
import type { Clock } from '../../kernel/clock';
import { invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { generateToken, hasValidChecksum, hashToken } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/database/transaction';
import type { AuthenticatedCustomer } from '../../platform/http/route';
import { customerOutput, type Customer, type CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { CustomerSession } from './customer-session.entity';
import { CUSTOMER_SESSION_TOKEN_PREFIX, customerPortalUrl } from './customer-session.logic';

export interface CustomerSessionServiceDeps {
  clock: Clock;
  serverSecret: string;
  ttlSeconds: number;
  publicUrl: string;
  customers: CustomerService;
  organizations: OrganizationService;
}

/** A session whose token was reported leaked: whose it is, and whether this report ended it. */
export interface LeakedCustomerSession {
  organizationId: string;
  customerId: string;
  revokedNow: boolean;
}

export class CustomerSessionService {
  constructor(private readonly deps: CustomerSessionServiceDeps) {}

  /** `POST /v1/customer-sessions/`: a session for one of the organization's customers, its token shown once. */
  async create(tx: Tx, organizationId: string, body: CustomerSessionCreate) {
    const customer = body.customer_id
      ? await this.deps.customers.find(tx.em, organizationId, body.customer_id)
      : await this.deps.customers.findByExternalId(tx.em, organizationId, body.external_customer_id!);
    if (!customer) {
      const field = body.customer_id ? 'customer_id' : 'external_customer_id';
      throw invalidField(['body', field], 'No customer of this organization has this id.');
    }
    const { session, token } = await this.open(tx.em, customer, body.return_url ?? null);
    return this.output(tx.em, session, token, customer);
  }

  /** A session for `customer`, its token in clear text: the only time it exists outside the caller. */
  async open(
    em: EntityManager,
    customer: Customer,
    returnUrl: string | null = null,
  ): Promise<{ session: CustomerSession; token: string }> {
    const token = generateToken(CUSTOMER_SESSION_TOKEN_PREFIX);
    const now = this.deps.clock.now();
    // The customer's sessions that ended are of no more use: they go as a new one comes.
    await em.nativeDelete(CustomerSession, {
      customerId: customer.id,
      $or: [{ expiresAt: { $lte: now } }, { revokedAt: { $ne: null } }],
    });
    const session = em.create(CustomerSession, {
      id: newId(),
      organizationId: customer.organizationId,
      customerId: customer.id,
      tokenHash: hashToken(token, this.deps.serverSecret),
      expiresAt: new Date(now.getTime() + this.deps.ttlSeconds * 1000),
      returnUrl,
      revokedAt: null,
      createdAt: now,
      modifiedAt: null,
    });
    await em.flush();
    return { session, token };
  }

  /** The customer a bearer token speaks for: null when it is unknown, expired, ended, or its customer is deleted. */
  async authenticate(em: EntityManager, token: string): Promise<AuthenticatedCustomer | null> {
    if (!hasValidChecksum(token, CUSTOMER_SESSION_TOKEN_PREFIX)) return null;
    const session = await em.findOne(CustomerSession, {
      tokenHash: hashToken(token, this.deps.serverSecret),
      revokedAt: null,
    });
    if (!session || session.expiresAt <= this.deps.clock.now()) return null;
    if (!(await this.deps.customers.find(em, session.organizationId, session.customerId))) return null;
    return { organizationId: session.organizationId, customerId: session.customerId, sessionId: session.id };
  }

  get(em: EntityManager, caller: AuthenticatedCustomer): Promise<CustomerSession> {
    return em.findOneOrFail(CustomerSession, { id: caller.sessionId });
  }

  /** The customer ends their own session (logs out of the portal). */
  async revoke(tx: Tx, caller: AuthenticatedCustomer): Promise<void> {
    const session = await this.get(tx.em, caller);
    session.revokedAt = session.modifiedAt = this.deps.clock.now();
    await tx.em.flush();
  }

  /**
   * A token a secret-scanning program found in public: its session is ended at once (if it had not ended yet). Null
   * when the string is no token of ours — it fails the checksum, or no session has this digest.
   */
  async revokeLeaked(em: EntityManager, token: string): Promise<LeakedCustomerSession | null> {
    if (!hasValidChecksum(token, CUSTOMER_SESSION_TOKEN_PREFIX)) return null;
    const tokenHash = hashToken(token, this.deps.serverSecret);
    const session = await em.findOne(CustomerSession, { tokenHash });
    if (!session) return null;
    const now = this.deps.clock.now();
    // guarded: of two reports at once, one revokes (and e-mails)
    const revokedNow =
      (await em.nativeUpdate(CustomerSession, { tokenHash, revokedAt: null }, { revokedAt: now, modifiedAt: now })) ===
      1;
    return { organizationId: session.organizationId, customerId: session.customerId, revokedNow };
  }

  private async output(em: EntityManager, session: CustomerSession, token: string, customer: Customer) {
    const organization = await this.deps.organizations.findOrganization(em, session.organizationId);
    return {
      created_at: session.createdAt.toISOString(),
      modified_at: session.modifiedAt?.toISOString() ?? null,
      id: session.id,
      token,
      expires_at: session.expiresAt.toISOString(),
      return_url: session.returnUrl,
      customer_portal_url: customerPortalUrl(this.deps.publicUrl, organization.slug, token),
      customer_id: customer.id,
      customer: customerOutput(customer),
    };
  }
}
