// A grant's row as its sync takes it: locked, and created first when the grant should be held (a retried or concurrent
// sync finds the same one).
import { LockMode } from '@mikro-orm/core';
import type { BenefitGrantInput } from '../../../../workflows/definitions';
import type { Tx } from '../../../platform/database/transaction';
import { newId } from '../../../kernel/ids';
import { BenefitGrant } from './benefit-grant.entity';

/** The grant's row, created if missing (a retried or concurrent sync finds the same one), locked. */
export async function claimGrant(tx: Tx, input: BenefitGrantInput, at: Date): Promise<BenefitGrant> {
  const [orderId, subscriptionId] = input.source.kind === 'order' ? [input.source.id, null] : [null, input.source.id];
  await tx.em.execute(
    `insert into benefit_grant (id, organization_id, customer_id, benefit_id, order_id, subscription_id, properties, created_at)
     values (?, ?, ?, ?, ?, ?, '{}', ?) on conflict (customer_id, benefit_id, (coalesce(order_id, subscription_id))) do nothing`,
    [newId(), input.organizationId, input.customerId, input.benefitId, orderId, subscriptionId, at],
  );
  return (await lockedGrant(tx, input))!;
}

/** The grant's row, locked, or null when it has none yet. */
export function lockedGrant(tx: Tx, input: BenefitGrantInput): Promise<BenefitGrant | null> {
  const source = input.source.kind === 'order' ? { orderId: input.source.id } : { subscriptionId: input.source.id };
  return tx.em.findOne(
    BenefitGrant,
    { customerId: input.customerId, benefitId: input.benefitId, ...source },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
}
