// Reads of grants: the lists (`GET /v1/benefit-grants/`, `GET /v1/benefits/{id}/grants`), what a customer holds
// now, for the customer's state, and a customer's own grants, for the customer portal.
import type { EntityManager, QueryBuilder } from '@mikro-orm/postgresql';
import type { BenefitGrant as BenefitGrantOutput } from '../../../contracts/benefit-grant';
import type { BenefitGrantListQuery, BenefitGrantsOfBenefitQuery } from '../../../contracts/benefit-grant-query';
import type { CustomerStateBenefitGrant } from '../../../contracts/customer-state-benefit-grant';
import { OwnedRepository, type Page } from '../../../platform/database/owned-repository';
import { byId } from '../../../kernel/ids';
import { ResourceNotFound } from '../../../kernel/errors';
import { likeContains, rawListPage } from '../../../platform/database/list-query';
import type { CustomerOwner } from '../../../platform/http/route';
import { customerIdsByExternalIds, customersByIds } from '../../customer';
import { Benefit } from '../benefit.entity';
import { benefits } from '../benefit.queries';
import type { DownloadableService } from '../downloadable/downloadable.service';
import { BenefitGrant } from './benefit-grant.entity';
import { benefitGrantOutput } from './benefit-grant.output';

const grants = new OwnedRepository(BenefitGrant, { label: 'Benefit grant' });

/** The customer portal's filters; each given list keeps the grants matching one of its values. */
export interface CustomerGrantFilter {
  benefitIds?: readonly string[];
  types?: readonly string[];
  orderIds?: readonly string[];
  subscriptionIds?: readonly string[];
  /** Grants from any of these orders or subscriptions (those of the checkouts asked for). */
  sources?: { orderIds: readonly string[]; subscriptionIds: readonly string[] };
  /** Part of the benefit's description. */
  description?: string;
}
type CustomerGrantSort = keyof typeof CUSTOMER_SORT_COLUMNS;
export interface CustomerGrantPage {
  page: number;
  limit: number;
  sorting: readonly (CustomerGrantSort | `-${CustomerGrantSort}`)[];
}
/** `product_benefit`: the order the merchant created the benefits in (a product's own order is not kept per grant). */
const CUSTOMER_SORT_COLUMNS = {
  granted_at: 'g.granted_at',
  type: 'b.type',
  organization: 'g.organization_id',
  product_benefit: 'b.created_at',
} as const;
const SORT_COLUMNS = { created_at: 'createdAt', granted_at: 'grantedAt', revoked_at: 'revokedAt' } as const;

export class BenefitGrantQueries {
  constructor(private readonly downloads: DownloadableService) {}

  async list(
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
        isGranted(qb, query.is_granted);
      },
    });
    return { items: await this.outputs(em, organizationId, page.items), pagination: page.pagination };
  }

  async listOfBenefit(
    em: EntityManager,
    organizationId: string,
    benefitId: string,
    query: BenefitGrantsOfBenefitQuery,
  ): Promise<Page<BenefitGrantOutput>> {
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
  async grantedBenefits(
    em: EntityManager,
    organizationId: string,
    customerId: string,
  ): Promise<CustomerStateBenefitGrant[]> {
    const held = await em.find(
      BenefitGrant,
      { organizationId, customerId, grantedAt: { $ne: null }, revokedAt: null },
      { orderBy: { grantedAt: 'asc', id: 'asc' } },
    );
    const benefitsById = byId(
      await em.find(Benefit, { organizationId, id: { $in: held.map((g) => g.benefitId) }, deletedAt: null }),
    );
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

  /** The customer's own grants (the customer portal's list) as the API shows them, each with its benefit, deleted or not. */
  async pageOfCustomer(
    em: EntityManager,
    owner: CustomerOwner,
    filter: CustomerGrantFilter,
    page: CustomerGrantPage,
  ): Promise<Page<BenefitGrantOutput>> {
    const where = ['g.organization_id = ?', 'g.customer_id = ?'];
    const params: unknown[] = [owner.organizationId, owner.customerId];
    const among = (column: string, values: readonly string[] | undefined) => {
      if (!values) return;
      where.push(values.length ? `${column} in (?)` : 'false');
      if (values.length) params.push(values);
    };
    among('g.benefit_id', filter.benefitIds);
    among('b.type', filter.types);
    among('g.order_id', filter.orderIds);
    among('g.subscription_id', filter.subscriptionIds);
    if (filter.sources) {
      const { orderIds, subscriptionIds } = filter.sources;
      where.push(`(g.order_id in (?) or g.subscription_id in (?))`);
      params.push(orderIds.length ? orderIds : [null], subscriptionIds.length ? subscriptionIds : [null]);
    }
    if (filter.description) {
      where.push(`b.description ilike ?`);
      params.push(likeContains(filter.description));
    }
    const from = 'benefit_grant g join benefit b on b.id = g.benefit_id';
    const rows = await rawListPage<{ id: string }, CustomerGrantSort>(
      em,
      { select: 'g.id', from, where, params, sorting: page.sorting, columns: CUSTOMER_SORT_COLUMNS, id: 'g.id' },
      page,
    );
    const held = byId(await em.find(BenefitGrant, { id: { $in: rows.items.map((r) => r.id) } }));
    const items = await this.outputs(
      em,
      owner.organizationId,
      rows.items.map(({ id }) => held.get(id)!),
    );
    return { items, pagination: rows.pagination };
  }

  /** One of the customer's own grants as the API shows it; another's, or none, is 404. */
  async getOfCustomer(em: EntityManager, owner: CustomerOwner, id: string): Promise<BenefitGrantOutput> {
    const grant = await em.findOne(BenefitGrant, {
      id,
      organizationId: owner.organizationId,
      customerId: owner.customerId,
    });
    if (!grant) throw new ResourceNotFound('Benefit grant not found.');
    return (await this.outputs(em, owner.organizationId, [grant]))[0];
  }

  private async outputs(
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
}

function isGranted(qb: QueryBuilder<BenefitGrant>, granted: boolean | undefined): void {
  if (granted === true) qb.andWhere({ grantedAt: { $ne: null }, revokedAt: null });
  if (granted === false) qb.andWhere({ $or: [{ grantedAt: null }, { revokedAt: { $ne: null } }] });
}
