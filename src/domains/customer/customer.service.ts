// Customers, the part checkouts need: matched by external id or e-mail, created otherwise (with customer.created).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Metadata } from '../../contracts/common';
import type { Address, Customer as CustomerOutput, CustomerListQuery } from '../../contracts/customer';
import { likeContains, listPage, orderBySorting, whereMetadata } from '../../app/list-query';
import type { Tx } from '../../app/transaction';
import type { Clock } from '../../kernel/clock';
import { Conflict, ResourceNotFound, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { OutboxService } from '../outbox';
import { Customer } from './customer.entity';

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

export class CustomerService {
  constructor(private readonly deps: { clock: Clock; outbox: OutboxService }) {}

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
    try {
      await tx.em.flush();
    } catch (error) {
      // Another transaction created the same customer first: the unique indexes decide, and that one is used.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      throw new CustomerRaceLost();
    }
    this.deps.outbox.enqueueEvent(tx, organizationId, 'customer.created', customerOutput(customer));
    return { customer, created: true };
  }

  /** `POST /v1/customers/`: a new customer (customer.created); its e-mail and external id must be new. */
  async create(tx: Tx, organizationId: string, details: CustomerDetails): Promise<Customer> {
    if (await this.match(tx.em, organizationId, { ...details, externalId: details.externalId })) {
      throw invalidField(['body', 'email'], 'A customer with this email address or external ID already exists.');
    }
    try {
      return (await this.findOrCreate(tx, organizationId, details)).customer;
    } catch (error) {
      if (error instanceof CustomerRaceLost) throw new Conflict('A customer with this email address or external ID was just created.');
      throw error;
    }
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<Customer> {
    const customer = await em.findOne(Customer, { id, organizationId, deletedAt: null });
    if (!customer) throw new ResourceNotFound('Customer not found.');
    return customer;
  }

  /** Customers by id, deleted ones included (orders keep showing who bought). */
  async findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Customer[]> {
    return ids.length ? em.find(Customer, { organizationId, id: { $in: [...ids] } }) : [];
  }

  async list(em: EntityManager, organizationId: string, query: CustomerListQuery) {
    const qb = em.createQueryBuilder(Customer, 'c').where({ organizationId, deletedAt: null });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    if (query.email) qb.andWhere('lower(c.email) = lower(?)', [query.email]);
    if (query.query) {
      const pattern = likeContains(query.query);
      qb.andWhere({ $or: [{ email: { $ilike: pattern } }, { name: { $ilike: pattern } }, { externalId: { $ilike: pattern } }] });
    }
    whereMetadata(qb, 'c', query.metadata);
    orderBySorting(qb, query.sorting, SORT_COLUMNS);
    return listPage(qb, query);
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

/** Thrown when a concurrent transaction created the same customer; the caller's transaction retries and matches it. */
export class CustomerRaceLost extends Error {}

export function customerOutput(customer: Customer): CustomerOutput {
  return {
    id: customer.id,
    created_at: customer.createdAt.toISOString(),
    modified_at: customer.modifiedAt?.toISOString() ?? null,
    metadata: customer.metadata,
    external_id: customer.externalId,
    email: customer.email,
    email_verified: false,
    type: 'individual',
    name: customer.name,
    billing_name: customer.billingName,
    billing_address: customer.billingAddress,
    tax_id: customer.taxId,
    locale: customer.locale,
    organization_id: customer.organizationId,
    default_payment_method_id: null,
    deleted_at: customer.deletedAt?.toISOString() ?? null,
    avatar_url: null,
    test_clock_id: customer.testClockId,
  };
}
