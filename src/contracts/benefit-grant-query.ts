// The queries of benefit grant lists: all of an organization's, and those of one benefit.
import { z } from 'zod';
import { Uuid } from './common';
import { PageQuery, queryBoolean, queryMany, sortingQuery } from './query-params';

export const BENEFIT_GRANT_SORT_FIELDS = ['created_at', 'granted_at', 'revoked_at'] as const;
export const BenefitGrantListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  customer_id: queryMany(Uuid),
  external_customer_id: queryMany(z.string().max(255)),
  /** Grants held by these members through seats (the reference's 2027-01 filter). */
  member_id: queryMany(Uuid),
  is_granted: queryBoolean,
  sorting: sortingQuery(BENEFIT_GRANT_SORT_FIELDS, ['-created_at']),
});
export type BenefitGrantListQuery = z.infer<typeof BenefitGrantListQuery>;

/** `GET /v1/benefits/{id}/grants`. */
export const BenefitGrantsOfBenefitQuery = z.object({
  ...PageQuery,
  customer_id: queryMany(Uuid),
  member_id: queryMany(Uuid),
  is_granted: queryBoolean,
});
export type BenefitGrantsOfBenefitQuery = z.infer<typeof BenefitGrantsOfBenefitQuery>;
