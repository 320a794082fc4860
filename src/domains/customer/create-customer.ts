// Creating a customer through `POST /v1/customers/`: its e-mail and external id new, in the sandbox perhaps on a test
// clock (written by insert-customer.ts).
import type { CustomerCreate } from '../../contracts/customer-create';
import { checkedTaxId } from '../tax';
import type { Tx } from '../../platform/database/transaction';
import { invalidField } from '../../kernel/errors';
import type { Customer } from './customer.entity';
import { CustomerRaceLost } from './customer.errors';
import type { CustomerDetails, CustomerServiceDeps } from './customer-deps';
import { matchCustomer } from './customer-match';
import { insertCustomer, type InsertDeps } from './insert-customer';

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
