// Grants as the API shows them, each with its customer, its benefit (deleted or not) and a seat's member.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BenefitGrant as BenefitGrantOutput } from '../../../contracts/benefit-grant';
import { byId, distinctIds } from '../../../kernel/ids';
import { customersByIds, memberById, membersByIds, type StoredMember } from '../../customer';
import { Benefit } from '../benefit.entity';
import type { BenefitGrant } from './benefit-grant.entity';
import { benefitGrantOutput } from './benefit-grant.output';

export async function grantOutputs(
  em: EntityManager,
  organizationId: string,
  rows: BenefitGrant[],
): Promise<BenefitGrantOutput[]> {
  const customers = byId(
    await customersByIds(
      em,
      organizationId,
      rows.map((g) => g.customerId),
    ),
  );
  const benefitsById = byId(
    await em.find(Benefit, { organizationId, id: { $in: [...new Set(rows.map((g) => g.benefitId))] } }),
  );
  const members = byId(
    await membersByIds(
      em,
      organizationId,
      distinctIds(rows, (g) => g.memberId),
    ),
  );
  return rows.map((grant) =>
    benefitGrantOutput(
      grant,
      customers.get(grant.customerId)!,
      benefitsById.get(grant.benefitId)!,
      (grant.memberId && members.get(grant.memberId)) || null,
    ),
  );
}

/** The member a seat's grant is held by (live), or null. */
export const memberOfGrant = (em: EntityManager, grant: BenefitGrant): Promise<StoredMember | null> =>
  grant.memberId ? memberById(em, grant.organizationId, grant.memberId) : Promise.resolve(null);
