// Writing a new customer: the row and its owner member, its earlier usage events attached, customer.created,
// member.created and customer.state_changed.
import type { Tx } from '../../platform/database/transaction';
import { newId } from '../../kernel/ids';
import { flushUnique } from '../../platform/database/flush-unique';
import { Customer } from './customer.entity';
import { CustomerRaceLost } from './customer.errors';
import { customerOutput } from './customer.output';
import { memberOutput } from './member/member.output';
import type { CustomerDetails, CustomerServiceDeps } from './customer-deps';
import { addOwner } from './member/member-store';

export type InsertDeps = Pick<CustomerServiceDeps, 'clock' | 'outbox' | 'state' | 'events'>;

/**
 * Writes a new customer (customer.created); one with the same e-mail or external id committed meanwhile:
 * CustomerRaceLost.
 */
export async function insertCustomer(
  deps: InsertDeps,
  tx: Tx,
  organizationId: string,
  details: CustomerDetails,
): Promise<Customer> {
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
    createdAt: deps.clock.now(),
    modifiedAt: null,
  });
  await flushUnique(tx.em, () => new CustomerRaceLost());
  const owner = addOwner(tx, customer); // flushed with the outbox rows (no relation orders the two inserts)
  if (customer.externalId !== null)
    await deps.events?.attachCustomer(tx, organizationId, customer.externalId, customer.id);
  const output = customerOutput(customer);
  deps.outbox.enqueueEvent(tx, organizationId, 'customer.created', output);
  deps.outbox.enqueueEvent(tx, organizationId, 'member.created', memberOutput(owner));
  // Without an external id no earlier usage event names it: a customer written just now holds nothing, read or not.
  if (customer.externalId === null && deps.state?.changedNew) deps.state.changedNew(tx, output);
  else await deps.state?.changed(tx, organizationId, customer.id);
  return customer;
}
