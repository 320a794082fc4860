// Customers: matched by external id or e-mail when checkouts need one, created, updated and (softly) deleted, each
// change with its webhook and a customer.state_changed. The steps live in create-, update- and delete-customer.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import type { CustomerCreate } from '../../contracts/customer-create';
import type { CustomerListQuery } from '../../contracts/customer-list-query';
import type { CustomerUpdate } from '../../contracts/customer-update';
import { customerOutputs, customers, liveCustomerByExternalId } from './customer.reads';
import type { Tx } from '../../platform/database/transaction';
import { Customer } from './customer.entity';
import { customerOutput } from './customer.output';
import type { CustomerDetails, CustomerServiceDeps, SubscriptionRevoker } from './customer-deps';
import { matchCustomer } from './customer-match';
import { createCustomer } from './create-customer';
import { findOrCreateCustomer } from './find-or-create-customer';
import { updateCustomer } from './update-customer';
import { removeCustomer } from './delete-customer';
import { customerIdentities, listCustomers, type CustomerIdentity } from './customer-list';

export class CustomerService {
  constructor(private readonly deps: CustomerServiceDeps) {}

  /** The customer with this external id, else with this e-mail (ignoring case), else a new one. */
  findOrCreate(
    tx: Tx,
    organizationId: string,
    details: CustomerDetails,
  ): Promise<{ customer: Customer; created: boolean }> {
    return findOrCreateCustomer(this.deps, tx, organizationId, details);
  }

  /** `POST /v1/customers/`: a new customer (customer.created), in the sandbox perhaps on a test clock. */
  create(tx: Tx, organizationId: string, body: CustomerCreate): Promise<Customer> {
    return createCustomer(this.deps, tx, organizationId, body);
  }

  get(em: EntityManager, organizationId: string, id: string, options: { lock?: boolean } = {}): Promise<Customer> {
    return customers.get(em, organizationId, id, options);
  }

  /** The live customer as the API shows it, or 404. */
  async getOutput(em: EntityManager, organizationId: string, id: string): Promise<CustomerOutput> {
    return customerOutput(await this.get(em, organizationId, id));
  }

  /** `update` of the live customer `id` (404 otherwise), read locked; the customer as the API shows it after. */
  async updateById(
    tx: Tx,
    organizationId: string,
    id: string,
    body: CustomerUpdate & { billing_name?: string | null },
  ): Promise<CustomerOutput> {
    return customerOutput(await this.update(tx, await this.get(tx.em, organizationId, id, { lock: true }), body));
  }

  /** The live customer with this external id, or 404; `lock` holds it until the transaction ends. */
  getByExternalId(
    em: EntityManager,
    organizationId: string,
    externalId: string,
    options: { lock?: boolean } = {},
  ): Promise<Customer> {
    return liveCustomerByExternalId(em, organizationId, externalId, options);
  }

  /** `PATCH /v1/customers/{id}` on a customer read with `lock` (`updateCustomer`). */
  update(
    tx: Tx,
    customer: Customer,
    body: CustomerUpdate & { billing_name?: string | null; email_verified?: true },
  ): Promise<Customer> {
    return updateCustomer(this.deps, tx, customer, body);
  }

  /** `DELETE /v1/customers/{id}`: running subscriptions revoked, then the customer deleted (`removeCustomer`). */
  remove(
    organizationId: string,
    find: (em: EntityManager, lock: boolean) => Promise<Customer>,
    anonymize: boolean,
    revoke: SubscriptionRevoker,
  ): Promise<void> {
    return removeCustomer(this.deps, organizationId, find, anonymize, revoke);
  }

  /** A customer by id, deleted or not: orders written for it still carry its numbers and tax ID. */
  ofOrder(em: EntityManager, id: string): Promise<Customer> {
    return em.findOneOrFail(Customer, { id });
  }

  /** A live customer, or null. */
  find(em: EntityManager, organizationId: string, id: string): Promise<Customer | null> {
    return customers.find(em, organizationId, id);
  }

  /** The live customer with this external id, or null. */
  findByExternalId(em: EntityManager, organizationId: string, externalId: string): Promise<Customer | null> {
    return em.findOne(Customer, { organizationId, externalId, deletedAt: null });
  }

  /** The live customer with this e-mail address (compared without case), or null. */
  findByEmail(em: EntityManager, organizationId: string, email: string): Promise<Customer | null> {
    return matchCustomer(em, organizationId, { email, externalId: null });
  }

  /** The customer proved they read mail sent to their address (a portal login code). */
  async markEmailVerified(em: EntityManager, customer: Customer): Promise<void> {
    if (customer.emailVerified) return;
    customer.emailVerified = true;
    await em.flush();
  }

  /** Customers by id as the API shows them, deleted ones included (orders keep showing who bought). */
  outputs(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<CustomerOutput[]> {
    return customerOutputs(em, organizationId, ids);
  }

  /** Who the organization's live customers among these ids and external ids are, and the clock each one lives on. */
  identities(
    em: EntityManager,
    organizationId: string,
    ids: readonly string[],
    externalIds: readonly string[],
  ): Promise<CustomerIdentity[]> {
    return customerIdentities(em, organizationId, ids, externalIds);
  }

  list(em: EntityManager, organizationId: string, query: CustomerListQuery) {
    return listCustomers(em, organizationId, query);
  }
}
