// The customer portal's benefit grant list and its query: which types, benefits, purchases, a search, the sorting.
import { z } from 'zod';
import { BENEFIT_TYPES, EXTERNAL_BENEFIT_TYPES } from './benefit-type';
import { Uuid } from './common';
import { ListResource } from './list-resource';
import { CustomerBenefitGrant } from './portal-benefit-grant';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';

export const CustomerBenefitGrantList = ListResource(CustomerBenefitGrant).meta({
  id: 'ListResource_CustomerBenefitGrant_',
});

const ANY_BENEFIT_TYPE = z.enum([
  ...BENEFIT_TYPES,
  ...(Object.keys(EXTERNAL_BENEFIT_TYPES) as (keyof typeof EXTERNAL_BENEFIT_TYPES)[]),
]);

export const CUSTOMER_BENEFIT_GRANT_SORT_FIELDS = ['granted_at', 'type', 'organization', 'product_benefit'] as const;
export const CustomerBenefitGrantListQuery = z.object({
  ...PageQuery,
  type: queryMany(ANY_BENEFIT_TYPE),
  benefit_id: queryMany(Uuid),
  checkout_id: queryMany(Uuid).pipe(z.array(Uuid).max(100).optional()),
  order_id: queryMany(Uuid),
  subscription_id: queryMany(Uuid),
  member_id: queryMany(Uuid),
  query: queryOne(z.string().max(255).optional()),
  sorting: sortingQuery(CUSTOMER_BENEFIT_GRANT_SORT_FIELDS, ['-granted_at']),
});
export type CustomerBenefitGrantListQuery = z.infer<typeof CustomerBenefitGrantListQuery>;
