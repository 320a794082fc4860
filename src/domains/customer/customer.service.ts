// Customers, the part checkouts need: matched by external id or e-mail, created otherwise (with customer.created).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Metadata } from '../../contracts/common';
import type { Address, Customer as CustomerOutput, CustomerCreate, CustomerListQuery } from '../../contracts/customer';
import { checkedTaxId } from '../tax';
import type { TestClockQueries } from '../test-clock';
import { likeContains } from '../../platform/database/list-query';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { Tx } from '../../platform/database/transaction';
import type { Clock } from '../../kernel/clock';
import { invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { OutboxService } from '../../platform/outbox';
import { Customer } from './customer.entity';
import { CustomerRaceLost } from './customer.errors';
import { customerOutput } from './customer.output';
import { flushUnique } from '../../platform/database/flush-unique';

const SORT_COLUMNS = { created_at: 'createdAt', email: 'email', name: 'name' } as const;
const customers = new OwnedRepository(Customer, { label: 'Customer', softDeleted: true });

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

export class CustomerService {
  constructor(private readonly deps: { clock: Clock; outbox: OutboxService; testClocks: TestClockQueries }) {}

  /**
   * The organization's customer with this external id, else with this e-mail (ignoring case), else a new one.
   * A match by e-mail gains the external id if it had none.
   */
  async findOrCreate(tx: Tx, organizationId: string, details: CustomerDetails): Promise<{ customer: Customer; created: boolean }> {
    const existing = await this.match(tx.em, organizationId, details);
    if (existing) {
      if (details.externalId && !existing.externalId) Object.assign(existing, { externalId: details.externalId, modifiedAt: this.deps.clock.now() });
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
    this.deps.outbox.enqueueEvent(tx, organizationId, 'customer.created', customerOutput(customer));
    return customer;
  }

  /** `POST /v1/customers/`: a new customer (customer.created), in the sandbox perhaps on a test clock. */
  async create(tx: Tx, organizationId: string, body: CustomerCreate): Promise<Customer> {
    if (body.test_clock_id) await this.deps.testClocks.attachable(tx.em, organizationId, body.test_clock_id, ['body', 'test_clock_id']);
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
    const taken = () => invalidField(['body', 'email'], 'A customer with this email address or external ID already exists.');
    if (await this.match(tx.em, organizationId, { ...details, externalId: details.externalId })) throw taken();
    try {
      return await this.insert(tx, organizationId, details);
    } catch (error) {
      if (error instanceof CustomerRaceLost) throw taken();
      throw error;
    }
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Customer> {
    return customers.get(em, organizationId, id);
  }

  /** A customer by id, deleted or not: orders written for it still carry its numbers and tax ID. */
  ofOrder(em: EntityManager, id: string): Promise<Customer> {
    return em.findOneOrFail(Customer, { id });
  }

  /** A live customer, or null. */
  find(em: EntityManager, organizationId: string, id: string): Promise<Customer | null> {
    return customers.find(em, organizationId, id);
  }

  /** Customers by id as the API shows them, deleted ones included (orders keep showing who bought). */
  async outputs(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<CustomerOutput[]> {
    return (await customers.findByIds(em, organizationId, ids, { includeDeleted: true })).map(customerOutput);
  }

  list(em: EntityManager, organizationId: string, query: CustomerListQuery) {
    return customers.list(em, organizationId, query, {
      alias: 'c',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.email) qb.andWhere('lower(c.email) = lower(?)', [query.email]);
        if (!query.query) return;
        const pattern = likeContains(query.query);
        qb.andWhere({ $or: [{ email: { $ilike: pattern } }, { name: { $ilike: pattern } }, { externalId: { $ilike: pattern } }] });
      },
    });
  }

  private async match(em: EntityManager, organizationId: string, details: CustomerDetails): Promise<Customer | null> {
    if (details.externalId) {
      const byExternalId = await em.findOne(Customer, { organizationId, externalId: details.externalId, deletedAt: null });
      if (byExternalId) return byExternalId;
    }
    const [row] = await em.execute<{ id: string }[]>('select id from customer where organization_id = ? and lower(email) = lower(?) and deleted_at is null', [
      organizationId,
      details.email,
    ]);
    return row ? em.findOne(Customer, { id: row.id }) : null;
  }
}
