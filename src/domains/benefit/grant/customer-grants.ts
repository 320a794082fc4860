// A customer's own grants, as the customer portal reads them: filtered, sorted and paged, or one by id. A plain member
// sees only their own (their seats'); the owner and billing managers the whole account.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BenefitGrant as BenefitGrantOutput } from '../../../contracts/benefit-grant';
import { byId } from '../../../kernel/ids';
import { ResourceNotFound } from '../../../kernel/errors';
import type { Page } from '../../../platform/database/owned-repository';
import { likeContains, rawListPage } from '../../../platform/database/list-query';
import { BenefitGrant } from './benefit-grant.entity';
import { onlyMemberOf, type AccountViewer } from './benefit-grant.logic';
import { grantOutputs } from './grant-outputs';

/** The customer portal's filters; each given list keeps the grants matching one of its values. */
export interface CustomerGrantFilter {
  benefitIds?: readonly string[];
  types?: readonly string[];
  orderIds?: readonly string[];
  subscriptionIds?: readonly string[];
  /** Grants held by these members (their seats'). */
  memberIds?: readonly string[];
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
/** The account's grants (the customer portal's list; a plain member's own) as the API shows them, each with its benefit, deleted or not. */
export async function grantPageOfCustomer(
  em: EntityManager,
  owner: AccountViewer,
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
  among('g.member_id', filter.memberIds);
  const member = onlyMemberOf(owner);
  if (member) among('g.member_id', [member]);
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
  const items = await grantOutputs(
    em,
    owner.organizationId,
    rows.items.map(({ id }) => held.get(id)!),
  );
  return { items, pagination: rows.pagination };
}

/** One of the account's grants (a plain member's own) as the API shows it; another's, or none, is 404. */
export async function grantOfCustomer(
  em: EntityManager,
  owner: AccountViewer,
  id: string,
): Promise<BenefitGrantOutput> {
  const grant = await em.findOne(BenefitGrant, {
    id,
    organizationId: owner.organizationId,
    customerId: owner.customerId,
    ...memberOnly(owner),
  });
  if (!grant) throw new ResourceNotFound('Benefit grant not found.');
  return (await grantOutputs(em, owner.organizationId, [grant]))[0];
}

/** The condition a plain member's reads add: their own rows only. */
export const memberOnly = (viewer: AccountViewer): { memberId?: string } => {
  const member = onlyMemberOf(viewer);
  return member ? { memberId: member } : {};
};
