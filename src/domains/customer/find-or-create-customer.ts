// The customer a checkout needs: found by external id or e-mail, else created.
import type { Tx } from '../../platform/database/transaction';
import type { Customer } from './customer.entity';
import type { CustomerDetails } from './customer-deps';
import { matchCustomer } from './customer-match';
import { insertCustomer, type InsertDeps } from './insert-customer';

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
