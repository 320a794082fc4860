// Customers: matched by external id or e-mail when checkouts need one, created, updated and (softly) deleted, each
// change with its webhook and a customer.state_changed.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Metadata } from '../../contracts/common';
import type {
  Address,
  Customer as CustomerOutput,
  CustomerCreate,
  CustomerListQuery,
  CustomerUpdate,
} from '../../contracts/customer';
import { checkedTaxId } from '../tax';
import type { TestClockQueries } from '../test-clock';
import { likeContains } from '../../platform/database/list-query';
import { customerOutputs, customers, liveCustomerByExternalId } from './customer.reads';
import { sqlArray } from '../../platform/database/sql-array';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import { NotPermitted, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { EmailQueue } from '../../platform/email';
import type { OutboxService } from '../../platform/outbox';
import { Customer } from './customer.entity';
import { CustomerRaceLost } from './customer.errors';
import { customerOutput } from './customer.output';
import { flushUnique } from '../../platform/database/flush-unique';
import { anonymized } from './customer-anonymize';

const SORT_COLUMNS = { created_at: 'createdAt', email: 'email', name: 'name' } as const;

export interface CustomerDetails {
  email: string;
  externalId?: string | null;
  name?: string | null;
  billingName?: string | null;
  billingAddress?: Address | null;
  taxId?: [string, string] | null;
  locale?: string | null;
  metadata?: Metadata;
  testClockId?: string | null;
}

export interface CustomerIdentity {
  id: string;
  externalId: string | null;
  testClockId: string | null;
}

type Port = (tx: Tx, organizationId: string, customerId: string) => Promise<void>;

/** Revokes one subscription now, through its workflow (the subscription domain's, given to the delete routes). */
export type SubscriptionRevoker = (organizationId: string, subscriptionId: string) => Promise<void>;

export interface CustomerServiceDeps {
  orm: MikroORM;
  clock: Clock;
  outbox: OutboxService;
  testClocks: TestClockQueries;
  /** Subscriptions not yet canceled for good (they still bill, or may recover); a deleted customer's are revoked first. */
  subscriptions: { liveIds(em: EntityManager, organizationId: string, customerId: string): Promise<string[]> };
  /** Revokes every grant of a deleted customer. */
  grants?: { customerDeleted: Port };
  /** Enqueues customer.state_changed. */
  state?: { changed: Port };
  /** Forgets an anonymized customer's address in the e-mails sent to it. */
  email?: Pick<EmailQueue, 'forgetRecipient'>;
  /** Attaches the usage events sent with an external id before a customer had it (the events store). */
  events?: {
    attachCustomer(tx: Tx, organizationId: string, externalCustomerId: string, customerId: string): Promise<void>;
  };
}

export class CustomerService {
  constructor(private readonly deps: CustomerServiceDeps) {}

  /**
   * The organization's customer with this external id, else with this e-mail (ignoring case), else a new one.
   * A match by e-mail gains the external id if it had none.
   */
  async findOrCreate(
    tx: Tx,
    organizationId: string,
    details: CustomerDetails,
  ): Promise<{ customer: Customer; created: boolean }> {
    const existing = await this.match(tx.em, organizationId, details);
    if (existing) {
      if (details.externalId && !existing.externalId) {
        Object.assign(existing, { externalId: details.externalId, modifiedAt: this.deps.clock.now() });
        await this.deps.events?.attachCustomer(tx, organizationId, details.externalId, existing.id);
      }
      return { customer: existing, created: false };
    }
    return { customer: await this.insert(tx, organizationId, details), created: true };
  }

  /** Writes a new customer (customer.created); one with the same e-mail or external id committed meanwhile: CustomerRaceLost. */
  private async insert(tx: Tx, organizationId: string, details: CustomerDetails): Promise<Customer> {
    const customer = tx.em.create(Customer, {
      id: newId(),
      organizationId,
      email: details.email,
      externalId: details.externalId ?? null,
      name: details.name ?? null,
      billingName: details.billingName ?? null,
      billingAddress: details.billingAddress ?? null,
      taxId: details.taxId ?? null,
      locale: details.locale ?? null,
      testClockId: details.testClockId ?? null,
      metadata: details.metadata ?? {},
      deletedAt: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    await flushUnique(tx.em, () => new CustomerRaceLost());
    if (customer.externalId !== null)
      await this.deps.events?.attachCustomer(tx, organizationId, customer.externalId, customer.id);
    this.deps.outbox.enqueueEvent(tx, organizationId, 'customer.created', customerOutput(customer));
    await this.deps.state?.changed(tx, organizationId, customer.id);
    return customer;
  }

  /** `POST /v1/customers/`: a new customer (customer.created), in the sandbox perhaps on a test clock. */
  async create(tx: Tx, organizationId: string, body: CustomerCreate): Promise<Customer> {
    if (body.test_clock_id)
      await this.deps.testClocks.attachable(tx.em, organizationId, body.test_clock_id, ['body', 'test_clock_id']);
    return this.createNew(tx, organizationId, {
      email: body.email,
      externalId: body.external_id,
      name: body.name,
      billingAddress: body.billing_address,
      taxId: checkedTaxId(body.tax_id, body.billing_address?.country, ['body', 'tax_id']),
      locale: body.locale,
      metadata: body.metadata,
      testClockId: body.test_clock_id,
    });
  }

  /** A new customer; its e-mail and external id must be new, whether the other one came long ago or a moment ago. */
  private async createNew(tx: Tx, organizationId: string, details: CustomerDetails): Promise<Customer> {
    const taken = () =>
      invalidField(['body', 'email'], 'A customer with this email address or external ID already exists.');
    if (await this.match(tx.em, organizationId, { ...details, externalId: details.externalId })) throw taken();
    try {
      return await this.insert(tx, organizationId, details);
    } catch (error) {
      if (error instanceof CustomerRaceLost) throw taken();
      throw error;
    }
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

  /**
   * `PATCH /v1/customers/{id}` on a customer read with `lock` (customer.updated, customer.state_changed). The e-mail
   * stays unique among live customers ignoring case; an external id may be set once, never changed; a tax id is
   * checked against the billing country whenever either changes. The billing name comes only from the customer portal.
   */
  async update(tx: Tx, customer: Customer, body: CustomerUpdate & { billing_name?: string | null }): Promise<Customer> {
    const { organizationId } = customer;
    if (body.email === null) throw invalidField(['body', 'email'], 'A customer must have an email address.');
    if (body.email !== undefined && body.email.toLowerCase() !== customer.email.toLowerCase()) {
      const other = await this.match(tx.em, organizationId, { email: body.email });
      if (other) throw invalidField(['body', 'email'], 'A customer with this email address already exists.');
    }
    if (body.external_id !== undefined && body.external_id !== customer.externalId) {
      if (customer.externalId !== null)
        throw invalidField(['body', 'external_id'], 'The external ID cannot be changed once set.');
      if (
        await tx.em.findOne(
          Customer,
          { organizationId, externalId: body.external_id, deletedAt: null },
          { fields: ['id'] },
        )
      ) {
        throw invalidField(['body', 'external_id'], 'A customer with this external ID already exists.');
      }
    }
    const gainsExternalId = body.external_id != null && customer.externalId === null;
    const billingAddress = body.billing_address !== undefined ? body.billing_address : customer.billingAddress;
    const taxIdChanged = body.tax_id !== undefined || body.billing_address !== undefined;
    const rawTaxId = body.tax_id !== undefined ? body.tax_id : customer.taxId?.[0];
    Object.assign(customer, {
      ...(body.email != null && { email: body.email }),
      ...(body.email != null && body.email.toLowerCase() !== customer.email.toLowerCase() && { emailVerified: false }),
      ...(body.external_id != null && { externalId: body.external_id }),
      ...(body.name !== undefined && { name: body.name }),
      ...(body.billing_name !== undefined && { billingName: body.billing_name }),
      ...(body.locale !== undefined && { locale: body.locale }),
      ...(body.metadata !== undefined && { metadata: body.metadata }),
      ...(body.billing_address !== undefined && { billingAddress }),
      ...(taxIdChanged && { taxId: checkedTaxId(rawTaxId, billingAddress?.country, ['body', 'tax_id']) }),
      modifiedAt: this.deps.clock.now(),
    });
    // a live customer that took the e-mail or external id meanwhile answers like a late duplicate
    await flushUnique(tx.em, (refusal) =>
      refusal.message.includes('customer_external_id_idx')
        ? invalidField(['body', 'external_id'], 'A customer with this external ID already exists.')
        : invalidField(['body', 'email'], 'A customer with this email address already exists.'),
    );
    if (gainsExternalId && customer.externalId !== null)
      await this.deps.events?.attachCustomer(tx, organizationId, customer.externalId, customer.id);
    this.deps.outbox.enqueueEvent(tx, organizationId, 'customer.updated', customerOutput(customer));
    await this.deps.state?.changed(tx, organizationId, customer.id);
    return customer;
  }

  /**
   * `DELETE /v1/customers/{id}`: the customer's running subscriptions are revoked (each through its workflow), then
   * the customer is deleted in one transaction. `find` reads it (404 otherwise), locked when asked.
   */
  async remove(
    organizationId: string,
    find: (em: EntityManager, lock: boolean) => Promise<Customer>,
    anonymize: boolean,
    revoke: SubscriptionRevoker,
  ): Promise<void> {
    const customer = await find(this.deps.orm.em.fork(), false);
    for (const id of await this.deps.subscriptions.liveIds(this.deps.orm.em.fork(), organizationId, customer.id))
      await revoke(organizationId, id);
    await inTransaction(this.deps.orm, async (tx) => this.delete(tx, await find(tx.em, true), anonymize));
  }

  /**
   * A soft delete of a customer read with `lock` (orders and subscriptions keep pointing at it), its grants revoked,
   * customer.deleted then customer.state_changed. `anonymize` also replaces what identifies a person. A subscription
   * started meanwhile is refused (403): the delete is asked again.
   */
  private async delete(tx: Tx, customer: Customer, anonymize: boolean): Promise<void> {
    const { organizationId } = customer;
    if ((await this.deps.subscriptions.liveIds(tx.em, organizationId, customer.id)).length > 0) {
      throw new NotPermitted('A subscription of this customer started while it was being deleted; delete it again.');
    }
    const now = this.deps.clock.now();
    if (anonymize) await this.deps.email?.forgetRecipient(tx, organizationId, customer.email);
    Object.assign(customer, anonymize ? anonymized(customer) : {}, { deletedAt: now, modifiedAt: now });
    await tx.em.flush();
    await this.deps.grants?.customerDeleted(tx, organizationId, customer.id);
    this.deps.outbox.enqueueEvent(tx, organizationId, 'customer.deleted', customerOutput(customer));
    await this.deps.state?.changed(tx, organizationId, customer.id);
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
    return this.match(em, organizationId, { email, externalId: null });
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
  async identities(
    em: EntityManager,
    organizationId: string,
    ids: readonly string[],
    externalIds: readonly string[],
  ): Promise<CustomerIdentity[]> {
    if (!ids.length && !externalIds.length) return [];
    const rows = await em.execute<{ id: string; external_id: string | null; test_clock_id: string | null }[]>(
      `select id, external_id, test_clock_id from customer
       where organization_id = ? and deleted_at is null and (id = any(?::uuid[]) or external_id = any(?::text[]))`,
      [organizationId, sqlArray(ids), sqlArray(externalIds)],
    );
    return rows.map((row) => ({ id: row.id, externalId: row.external_id, testClockId: row.test_clock_id }));
  }

  list(em: EntityManager, organizationId: string, query: CustomerListQuery) {
    return customers.list(em, organizationId, query, {
      alias: 'c',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.email) qb.andWhere('lower(c.email) = lower(?)', [query.email]);
        if (!query.query) return;
        const pattern = likeContains(query.query);
        qb.andWhere({
          $or: [{ email: { $ilike: pattern } }, { name: { $ilike: pattern } }, { externalId: { $ilike: pattern } }],
        });
      },
    });
  }

  private async match(
    em: EntityManager,
    organizationId: string,
    details: Pick<CustomerDetails, 'email' | 'externalId'>,
  ): Promise<Customer | null> {
    if (details.externalId) {
      const byExternalId = await em.findOne(Customer, {
        organizationId,
        externalId: details.externalId,
        deletedAt: null,
      });
      if (byExternalId) return byExternalId;
    }
    const [row] = await em.execute<{ id: string }[]>(
      'select id from customer where organization_id = ? and lower(email) = lower(?) and deleted_at is null',
      [organizationId, details.email],
    );
    return row ? em.findOne(Customer, { id: row.id }) : null;
  }
}
