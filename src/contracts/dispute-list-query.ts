// The query of the dispute list (the 1.x client's listDisputes): whose, of which orders, in which status, sorted.
import { z } from 'zod';
import { Uuid } from './common';
import { DisputeStatus } from './dispute';
import { PageQuery, queryMany, sortingQuery } from './query-params';

export const DISPUTE_SORT_FIELDS = ['created_at', 'amount'] as const;
export const DisputeListQuery = z.object({
  ...PageQuery,
  organization_id: queryMany(Uuid),
  order_id: queryMany(Uuid),
  status: queryMany(DisputeStatus),
  sorting: sortingQuery(DISPUTE_SORT_FIELDS, ['-created_at']),
});
export type DisputeListQuery = z.infer<typeof DisputeListQuery>;
