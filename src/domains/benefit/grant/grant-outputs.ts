// Grants as the API shows them, each with its customer and its benefit (deleted or not).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BenefitGrant as BenefitGrantOutput } from '../../../contracts/benefit-grant';
import { byId } from '../../../kernel/ids';
import { customersByIds } from '../../customer';
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
  return rows.map((grant) =>
    benefitGrantOutput(grant, customers.get(grant.customerId)!, benefitsById.get(grant.benefitId)!),
  );
}
