// Deleting a customer (`DELETE /v1/customers/{id}`): its running subscriptions revoked through their workflows, then
// one transaction: the soft delete (perhaps anonymized) with its members, its grants revoked, customer.deleted,
// customer.state_changed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { inTransaction, type Tx } from '../../platform/database/transaction';
import { NotPermitted } from '../../kernel/errors';
import type { Customer } from './customer.entity';
import { customerOutput } from './customer.output';
import type { CustomerServiceDeps, SubscriptionRevoker } from './customer-deps';
import { anonymized } from './customer-anonymize';
import { deleteMembersOf } from './member/member-store';

type DeleteDeps = Pick<
  CustomerServiceDeps,
  'orm' | 'clock' | 'outbox' | 'subscriptions' | 'grants' | 'state' | 'email'
>;

/**
 * The customer's running subscriptions are revoked (each through its workflow), then the customer is deleted in one
 * transaction. `find` reads it (404 otherwise), locked when asked.
 */
export async function removeCustomer(
  deps: DeleteDeps,
  organizationId: string,
  find: (em: EntityManager, lock: boolean) => Promise<Customer>,
  anonymize: boolean,
  revoke: SubscriptionRevoker,
): Promise<void> {
  const customer = await find(deps.orm.em.fork(), false);
  for (const id of await deps.subscriptions.liveIds(deps.orm.em.fork(), organizationId, customer.id))
    await revoke(organizationId, id);
  await inTransaction(deps.orm, async (tx) => deleteCustomer(deps, tx, await find(tx.em, true), anonymize));
}

/**
 * A soft delete of a customer read with `lock` (orders and subscriptions keep pointing at it), its grants revoked,
 * customer.deleted then customer.state_changed. `anonymize` also replaces what identifies a person. A subscription
 * started meanwhile is refused (403): the delete is asked again.
 */
async function deleteCustomer(deps: DeleteDeps, tx: Tx, customer: Customer, anonymize: boolean): Promise<void> {
  const { organizationId } = customer;
  if ((await deps.subscriptions.liveIds(tx.em, organizationId, customer.id)).length > 0) {
    throw new NotPermitted('A subscription of this customer started while it was being deleted; delete it again.');
  }
  const now = deps.clock.now();
  if (anonymize) await deps.email?.forgetRecipient(tx, organizationId, customer.email);
  Object.assign(customer, anonymize ? anonymized(customer) : {}, { deletedAt: now, modifiedAt: now });
  await tx.em.flush();
  await deleteMembersOf(tx, customer.id, now, anonymize);
  await deps.grants?.customerDeleted(tx, organizationId, customer.id);
  deps.outbox.enqueueEvent(tx, organizationId, 'customer.deleted', customerOutput(customer));
  await deps.state?.changed(tx, organizationId, customer.id);
}
