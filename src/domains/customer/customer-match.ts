// Which live customer a checkout or a new customer's details name: by external id first, then by e-mail.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from './customer.entity';
import type { CustomerDetails } from './customer-deps';

/** The organization's live customer with this external id, else with this e-mail (ignoring case), or null. */
export async function matchCustomer(
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
