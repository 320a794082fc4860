// One page of a fan-out: the grants a benefit's change reaches, or every holder's grants of a product's changed
// benefits.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BenefitGrantInput, GrantFanOutInput, GrantSource } from '../../../../workflows/definitions';
import { BenefitGrant } from './benefit-grant.entity';
import { inputOf } from './grant-flow-starts';
import type { GrantSources } from './grant-source';

/** Grants asked to sync per page of a fan-out (each one outbox row, dispatched after the page commits). */
export const FAN_OUT_PAGE = 200;

/** The grants of page `offset` to ask to sync. */
export async function fanOutPage(
  sources: GrantSources,
  em: EntityManager,
  { organizationId, change }: GrantFanOutInput,
  offset: number,
): Promise<BenefitGrantInput[]> {
  return change.kind === 'benefit'
    ? (
        await em.find(
          BenefitGrant,
          { organizationId, benefitId: change.benefitId, grantedAt: { $ne: null }, revokedAt: null },
          { orderBy: { id: 'asc' }, offset, limit: FAN_OUT_PAGE },
        )
      ).map(inputOf)
    : (await holders(sources, em, organizationId, change.productId))
        .flatMap(({ customerId, source }) =>
          change.benefitIds.map((benefitId) => ({ organizationId, benefitId, customerId, source })),
        )
        .slice(offset, offset + FAN_OUT_PAGE);
}

/** Whoever holds the product now: its paid one-time purchases, its live subscriptions, then their claimed seats. */
async function holders(
  sources: GrantSources,
  em: EntityManager,
  organizationId: string,
  productId: string,
): Promise<{ customerId: string; source: GrantSource }[]> {
  const holders: { customerId: string; source: GrantSource }[] = [];
  for (const kind of ['order', 'subscription', 'seat'] as const) {
    for (const { customerId, id } of await sources[kind].holders(em, organizationId, productId))
      holders.push({ customerId, source: { kind, id } });
  }
  return holders;
}
