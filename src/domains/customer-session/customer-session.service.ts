// Customer sessions: created by the organization's server (or by a login code, or by a checkout for its buyer),
// resolved on every portal request, ended by the customer or by their deletion.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerSessionCreate } from '../../contracts/customer-session';
import type { Clock } from '../../kernel/clock';
import { invalidField } from '../../kernel/errors';
import type { Tx } from '../../platform/database/transaction';
import type { AuthenticatedCustomer } from '../../platform/http/route';
import { memberByExternalId, memberById, type Customer, type CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import { CustomerSession } from './customer-session.entity';
import { authenticateCustomerSession } from './authenticate-customer-session';
import { customerSessionOutput } from './customer-session.output';
import { openCustomerSession } from './open-customer-session';
import { revokeLeakedCustomerSession, type LeakedCustomerSession } from './revoke-leaked-customer-session';

export interface CustomerSessionServiceDeps {
  clock: Clock;
  serverSecret: string;
  ttlSeconds: number;
  publicUrl: string;
  customers: CustomerService;
  organizations: OrganizationService;
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
    const memberId = await this.namedMember(tx.em, customer, body);
    const { session, token } = await this.open(tx.em, customer, body.return_url ?? null, memberId);
    return customerSessionOutput(this.deps, tx.em, session, token, customer);
  }

  /** A session for `customer` (its member `memberId`, else its owner), its token in clear text: shown once. */
  open(
    em: EntityManager,
    customer: Customer,
    returnUrl: string | null = null,
    memberId: string | null = null,
  ): Promise<{ session: CustomerSession; token: string }> {
    return openCustomerSession(this.deps, em, customer, returnUrl, memberId);
  }

  /** The live member of `customer` a create body names (`member_id` or `external_member_id`), 422 otherwise. */
  private async namedMember(em: EntityManager, customer: Customer, body: CustomerSessionCreate) {
    if (body.member_id) {
      const member = await memberById(em, customer.organizationId, body.member_id);
      if (member?.customerId !== customer.id)
        throw invalidField(['body', 'member_id'], 'No member of this customer has this id.');
      return member.id;
    }
    if (body.external_member_id) {
      const member = await memberByExternalId(em, customer.organizationId, customer.id, body.external_member_id);
      if (!member)
        throw invalidField(['body', 'external_member_id'], 'No member of this customer has this external id.');
      return member.id;
    }
    return null;
  }

  /** The customer and member a bearer token speaks for: null when unknown, expired, ended, or either is deleted. */
  authenticate(em: EntityManager, token: string): Promise<AuthenticatedCustomer | null> {
    return authenticateCustomerSession(this.deps, em, token);
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
  revokeLeaked(em: EntityManager, token: string): Promise<LeakedCustomerSession | null> {
    return revokeLeakedCustomerSession(this.deps, em, token);
  }
}
