// Updating a customer (`PATCH /v1/customers/{id}` and the portal's billing details). Writes the customer, attaches
// its earlier usage events when it gains an external id, its owner's e-mail, customer.updated and
// customer.state_changed.
import type { CustomerUpdate } from '../../contracts/customer-update';
import { checkedTaxId } from '../tax';
import type { Tx } from '../../platform/database/transaction';
import { invalidField } from '../../kernel/errors';
import { flushUnique } from '../../platform/database/flush-unique';
import type { Customer } from './customer.entity';
import { customerOutput } from './customer.output';
import type { CustomerServiceDeps } from './customer-deps';
import { checkCustomerUpdate } from './customer-update-checks';
import { followCustomerEmail } from './member/member-store';

/**
 * `PATCH /v1/customers/{id}` on a customer read with `lock` (customer.updated, customer.state_changed). The e-mail
 * stays unique among live customers ignoring case; an external id may be set once, never changed; a tax id is
 * checked against the billing country whenever either changes. The billing name comes only from the customer portal,
 * and a verified new address from its e-mail update.
 */
export async function updateCustomer(
  deps: Pick<CustomerServiceDeps, 'clock' | 'outbox' | 'state' | 'events'>,
  tx: Tx,
  customer: Customer,
  body: CustomerUpdate & { billing_name?: string | null; email_verified?: true },
): Promise<Customer> {
  const { organizationId } = customer;
  await checkCustomerUpdate(tx.em, customer, body);
  const emailChanged = body.email != null && body.email !== customer.email;
  const gainsExternalId = body.external_id != null && customer.externalId === null;
  const billingAddress = body.billing_address !== undefined ? body.billing_address : customer.billingAddress;
  const taxIdChanged = body.tax_id !== undefined || body.billing_address !== undefined;
  const rawTaxId = body.tax_id !== undefined ? body.tax_id : customer.taxId?.[0];
  Object.assign(customer, {
    ...(body.email != null && { email: body.email }),
    ...(body.email != null && body.email.toLowerCase() !== customer.email.toLowerCase() && { emailVerified: false }),
    ...(body.email_verified && { emailVerified: true }),
    ...(body.external_id != null && { externalId: body.external_id }),
    ...(body.name !== undefined && { name: body.name }),
    ...(body.billing_name !== undefined && { billingName: body.billing_name }),
    ...(body.locale !== undefined && { locale: body.locale }),
    ...(body.metadata !== undefined && { metadata: body.metadata }),
    ...(body.billing_address !== undefined && { billingAddress }),
    ...(taxIdChanged && { taxId: checkedTaxId(rawTaxId, billingAddress?.country, ['body', 'tax_id']) }),
    modifiedAt: deps.clock.now(),
  });
  // a live customer that took the e-mail or external id meanwhile answers like a late duplicate
  await flushUnique(tx.em, (refusal) =>
    refusal.message.includes('customer_external_id_idx')
      ? invalidField(['body', 'external_id'], 'A customer with this external ID already exists.')
      : invalidField(['body', 'email'], 'A customer with this email address already exists.'),
  );
  if (emailChanged) await followCustomerEmail(deps, tx, customer);
  if (gainsExternalId && customer.externalId !== null)
    await deps.events?.attachCustomer(tx, organizationId, customer.externalId, customer.id);
  deps.outbox.enqueueEvent(tx, organizationId, 'customer.updated', customerOutput(customer));
  await deps.state?.changed(tx, organizationId, customer.id);
  return customer;
}
