// What a customer's update may not do: drop its e-mail, take another live customer's e-mail or external id, or change
// an external id once set.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerUpdate } from '../../contracts/customer-update';
import { invalidField } from '../../kernel/errors';
import { Customer } from './customer.entity';
import { matchCustomer } from './customer-match';

/** Throws the 422 of the first thing wrong with `body` for `customer`. */
export async function checkCustomerUpdate(em: EntityManager, customer: Customer, body: CustomerUpdate): Promise<void> {
  const { organizationId } = customer;
  if (body.email === null) throw invalidField(['body', 'email'], 'A customer must have an email address.');
  if (body.email !== undefined && body.email.toLowerCase() !== customer.email.toLowerCase()) {
    const other = await matchCustomer(em, organizationId, { email: body.email });
    if (other) throw invalidField(['body', 'email'], 'A customer with this email address already exists.');
  }
  if (body.external_id !== undefined && body.external_id !== customer.externalId) {
    if (customer.externalId !== null)
      throw invalidField(['body', 'external_id'], 'The external ID cannot be changed once set.');
    if (
      await em.findOne(Customer, { organizationId, externalId: body.external_id, deletedAt: null }, { fields: ['id'] })
    ) {
      throw invalidField(['body', 'external_id'], 'A customer with this external ID already exists.');
    }
  }
}
