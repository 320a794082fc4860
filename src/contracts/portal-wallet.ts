// A customer's wallet as the customer portal shows it (the reference's CustomerWallet): the credit they hold in one
// currency, in minor units; their list and its query.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { ListResource } from './list-resource';
import { PageQuery, sortingQuery } from './query-params';

export const CustomerWallet = z
  .object({
    id: Uuid,
    created_at: Timestamp,
    modified_at: Timestamp.nullable(),
    customer_id: Uuid,
    balance: z.int(),
    currency: z.string(),
  })
  .meta({ id: 'CustomerWallet' });
export type CustomerWallet = z.infer<typeof CustomerWallet>;

export const CustomerWalletList = ListResource(CustomerWallet).meta({ id: 'ListResource_CustomerWallet_' });

export const CUSTOMER_WALLET_SORT_FIELDS = ['created_at', 'balance'] as const;

export const CustomerWalletListQuery = z.object({
  ...PageQuery,
  sorting: sortingQuery(CUSTOMER_WALLET_SORT_FIELDS, ['-created_at']),
});
export type CustomerWalletListQuery = z.infer<typeof CustomerWalletListQuery>;
