// Creating customers: through `POST /v1/customers/`, or found or created when a checkout needs one. Writes the
// customer, attaches its earlier usage events, customer.created and customer.state_changed.
import type { CustomerCreate } from '../../contracts/customer-create';
import { checkedTaxId } from '../tax';
import type { Tx } from '../../platform/database/transaction';
import { invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { flushUnique } from '../../platform/database/flush-unique';
import { Customer } from './customer.entity';
import { CustomerRaceLost } from './customer.errors';
import { customerOutput } from './customer.output';
import type { CustomerDetails, CustomerServiceDeps } from './customer-deps';
import { matchCustomer } from './customer-match';

type InsertDeps = Pick<CustomerServiceDeps, 'clock' | 'outbox' | 'state' | 'events'>;

/**
 * The organization's customer with this external id, else with this e-mail (ignoring case), else a new one.
 * A match by e-mail gains the external id if it had none.
 */
export async function findOrCreateCustomer(
  deps: InsertDeps,
  tx: Tx,
  organizationId: string,
  details: CustomerDetails,
): Promise<{ customer: Customer; created: boolean }> {
  const existing = await matchCustomer(tx.em, organizationId, details);
  if (existing) {
    if (details.externalId && !existing.externalId) {
      Object.assign(existing, { externalId: details.externalId, modifiedAt: deps.clock.now() });
      await deps.events?.attachCustomer(tx, organizationId, details.externalId, existing.id);
    }
    return { customer: existing, created: false };
  }
  return { customer: await insertCustomer(deps, tx, organizationId, details), created: true };
}

/** `POST /v1/customers/`: a new customer (customer.created), in the sandbox perhaps on a test clock. */
export async function createCustomer(
  deps: InsertDeps & Pick<CustomerServiceDeps, 'testClocks'>,
  tx: Tx,
  organizationId: string,
  body: CustomerCreate,
): Promise<Customer> {
  if (body.test_clock_id)
    await deps.testClocks.attachable(tx.em, organizationId, body.test_clock_id, ['body', 'test_clock_id']);
  return createNew(deps, tx, organizationId, {
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
async function createNew(
  deps: InsertDeps,
  tx: Tx,
  organizationId: string,
  details: CustomerDetails,
): Promise<Customer> {
  const taken = () =>
    invalidField(['body', 'email'], 'A customer with this email address or external ID already exists.');
  if (await matchCustomer(tx.em, organizationId, { ...details, externalId: details.externalId })) throw taken();
  try {
    return await insertCustomer(deps, tx, organizationId, details);
  } catch (error) {
    if (error instanceof CustomerRaceLost) throw taken();
    throw error;
  }
}

/**
 * Writes a new customer (customer.created); one with the same e-mail or external id committed meanwhile:
 * CustomerRaceLost.
 */
async function insertCustomer(
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
  if (customer.externalId !== null)
    await deps.events?.attachCustomer(tx, organizationId, customer.externalId, customer.id);
  deps.outbox.enqueueEvent(tx, organizationId, 'customer.created', customerOutput(customer));
  await deps.state?.changed(tx, organizationId, customer.id);
  return customer;
}
