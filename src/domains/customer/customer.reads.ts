// What other domains read of customers. They never query the customer table themselves: these functions (and the row
// lookups of customer-rows.reads.ts) are the only way in, and they include deleted customers wherever the caller still
// shows or judges who bought.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer as CustomerOutput } from '../../contracts/customer';
import { ResourceNotFound } from '../../kernel/errors';
import { OwnedRepository } from '../../platform/database/owned-repository';
import { Customer } from './customer.entity';
import { customerOutput } from './customer.output';

export const customers = new OwnedRepository(Customer, { label: 'Customer', softDeleted: true });

/** The live customer, or 404. */
export function liveCustomer(em: EntityManager, organizationId: string, id: string): Promise<Customer> {
  return customers.get(em, organizationId, id);
}

/** The live customer with this external id, or 404; `lock` holds it until the transaction ends. */
export async function liveCustomerByExternalId(
  em: EntityManager,
  organizationId: string,
  externalId: string,
  options: { lock?: boolean } = {},
): Promise<Customer> {
  const lockMode = options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
  const customer = await em.findOne(Customer, { organizationId, externalId, deletedAt: null }, lockMode);
  if (!customer) throw new ResourceNotFound('Customer not found.');
  return customer;
}

/** Customers by id as the API shows them, deleted ones included (orders keep showing who bought). */
export async function customerOutputs(
  em: EntityManager,
  organizationId: string,
  ids: readonly string[],
): Promise<CustomerOutput[]> {
  return (await customersByIds(em, organizationId, ids)).map(customerOutput);
}

/** Customers of the organization by id, deleted or not. */
export function customersByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Customer[]> {
  return customers.findByIds(em, organizationId, [...new Set(ids)], { includeDeleted: true });
}
