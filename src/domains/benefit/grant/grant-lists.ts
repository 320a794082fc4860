// The organization's grant lists: `GET /v1/benefit-grants/` and `GET /v1/benefits/{id}/grants`.
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import type { BenefitGrant as BenefitGrantOutput } from '../../../contracts/benefit-grant';
import type { BenefitGrantListQuery, BenefitGrantsOfBenefitQuery } from '../../../contracts/benefit-grant-query';
import { OwnedRepository, type Page } from '../../../platform/database/owned-repository';
import { customerIdsByExternalIds } from '../../customer';
import { benefits } from '../benefit.queries';
import { BenefitGrant } from './benefit-grant.entity';
import { grantOutputs } from './grant-outputs';

const grants = new OwnedRepository(BenefitGrant, { label: 'Benefit grant' });

const SORT_COLUMNS = { created_at: 'createdAt', granted_at: 'grantedAt', revoked_at: 'revokedAt' } as const;

export async function grantList(
  em: EntityManager,
  organizationId: string,
  query: BenefitGrantListQuery,
): Promise<Page<BenefitGrantOutput>> {
  const external = query.external_customer_id
    ? await customerIdsByExternalIds(em, organizationId, query.external_customer_id)
    : null;
  const page = await grants.list(em, organizationId, query, {
    alias: 'g',
    sort: SORT_COLUMNS,
    where: (qb) => {
      if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
      if (external) qb.andWhere({ customerId: { $in: external } });
      if (query.member_id) qb.andWhere({ memberId: { $in: query.member_id } });
      isGranted(qb, query.is_granted);
    },
  });
  return { items: await grantOutputs(em, organizationId, page.items), pagination: page.pagination };
}

export async function grantListOfBenefit(
  em: EntityManager,
  organizationId: string,
  benefitId: string,
  query: BenefitGrantsOfBenefitQuery,
): Promise<Page<BenefitGrantOutput>> {
  await benefits.get(em, organizationId, benefitId);
  const page = await grants.list(
    em,
    organizationId,
    { ...query, sorting: undefined },
    {
      alias: 'g',
      where: (qb) => {
        qb.andWhere({ benefitId });
        if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
        if (query.member_id) qb.andWhere({ memberId: { $in: query.member_id } });
        isGranted(qb, query.is_granted);
      },
    },
  );
  return { items: await grantOutputs(em, organizationId, page.items), pagination: page.pagination };
}

function isGranted(qb: QueryBuilder<BenefitGrant>, granted: boolean | undefined): void {
  if (granted === true) qb.andWhere({ grantedAt: { $ne: null }, revokedAt: null });
  if (granted === false) qb.andWhere({ $or: [{ grantedAt: null }, { revokedAt: { $ne: null } }] });
}
