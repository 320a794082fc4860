// Reads of grants: the lists (`GET /v1/benefit-grants/`, `GET /v1/benefits/{id}/grants`) and what a customer holds
// now, for the customer's state.
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import type { BenefitGrant as BenefitGrantOutput, BenefitGrantListQuery, BenefitGrantsOfBenefitQuery } from '../../../contracts/benefit-grant';
import type { CustomerStateBenefitGrant } from '../../../contracts/customer-state';
import { OwnedRepository, type Page } from '../../../platform/database/owned-repository';
import { byId } from '../../../kernel/ids';
import { Customer } from '../../customer';
import { Benefit } from '../benefit.entity';
import { benefits } from '../benefit.queries';
import type { DownloadableService } from '../downloadable/downloadable.service';
import { BenefitGrant } from './benefit-grant.entity';
import { benefitGrantOutput } from './benefit-grant.output';

const grants = new OwnedRepository(BenefitGrant, { label: 'Benefit grant' });
const SORT_COLUMNS = { created_at: 'createdAt', granted_at: 'grantedAt', revoked_at: 'revokedAt' } as const;

export class BenefitGrantQueries {
  constructor(private readonly downloads: DownloadableService) {}

  async list(em: EntityManager, organizationId: string, query: BenefitGrantListQuery): Promise<Page<BenefitGrantOutput>> {
    const external = query.external_customer_id
      ? (await em.find(Customer, { organizationId, externalId: { $in: query.external_customer_id } })).map((c) => c.id)
      : null;
    const page = await grants.list(em, organizationId, query, {
      alias: 'g',
      sort: SORT_COLUMNS,
      where: (qb) => {
        if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
        if (external) qb.andWhere({ customerId: { $in: external } });
        isGranted(qb, query.is_granted);
      },
    });
    return { items: await this.outputs(em, organizationId, page.items), pagination: page.pagination };
  }

  async listOfBenefit(em: EntityManager, organizationId: string, benefitId: string, query: BenefitGrantsOfBenefitQuery): Promise<Page<BenefitGrantOutput>> {
    await benefits.get(em, organizationId, benefitId);
    if (query.member_id?.length) return { items: [], pagination: { total_count: 0, max_page: 0 } }; // Bursar has no members
    const page = await grants.list(
      em,
      organizationId,
      { ...query, sorting: undefined },
      {
        alias: 'g',
        where: (qb) => {
          qb.andWhere({ benefitId });
          if (query.customer_id) qb.andWhere({ customerId: { $in: query.customer_id } });
          isGranted(qb, query.is_granted);
        },
      },
    );
    return { items: await this.outputs(em, organizationId, page.items), pagination: page.pagination };
  }

  /** The customer's grants in force, in the customer state's shape (downloads as fresh signed links). */
  async grantedBenefits(em: EntityManager, organizationId: string, customerId: string): Promise<CustomerStateBenefitGrant[]> {
    const held = await em.find(
      BenefitGrant,
      { organizationId, customerId, grantedAt: { $ne: null }, revokedAt: null },
      { orderBy: { grantedAt: 'asc', id: 'asc' } },
    );
    const benefitsById = byId(await em.find(Benefit, { organizationId, id: { $in: held.map((g) => g.benefitId) }, deletedAt: null }));
    const links = await this.downloads.links(
      em,
      organizationId,
      held.map((g) => g.id),
    );
    return held.flatMap((grant) => {
      const benefit = benefitsById.get(grant.benefitId);
      if (!benefit) return [];
      const extra =
        benefit.type === 'custom'
          ? { note: (benefit.properties.note as string | null) ?? null }
          : benefit.type === 'downloadables'
            ? { downloads: links.get(grant.id) ?? [] }
            : {};
      return [
        {
          id: grant.id,
          created_at: grant.createdAt.toISOString(),
          modified_at: grant.modifiedAt?.toISOString() ?? null,
          granted_at: grant.grantedAt!.toISOString(),
          benefit_id: benefit.id,
          benefit_type: benefit.type,
          benefit_metadata: benefit.metadata,
          properties: { ...grant.properties, ...extra },
        },
      ];
    });
  }

  private async outputs(em: EntityManager, organizationId: string, rows: BenefitGrant[]): Promise<BenefitGrantOutput[]> {
    const customers = byId(await em.find(Customer, { organizationId, id: { $in: [...new Set(rows.map((g) => g.customerId))] } }));
    const benefitsById = byId(await em.find(Benefit, { organizationId, id: { $in: [...new Set(rows.map((g) => g.benefitId))] } }));
    return rows.map((grant) => benefitGrantOutput(grant, customers.get(grant.customerId)!, benefitsById.get(grant.benefitId)!));
  }
}

function isGranted(qb: QueryBuilder<BenefitGrant>, granted: boolean | undefined): void {
  if (granted === true) qb.andWhere({ grantedAt: { $ne: null }, revokedAt: null });
  if (granted === false) qb.andWhere({ $or: [{ grantedAt: null }, { revokedAt: { $ne: null } }] });
}
