// The customer portal's wallets: the credit the caller holds per currency (the subscription domain's
// `customer-wallets.ts` says what it is read from). Another customer's wallet is not found.
import { IdParams } from '../../contracts/common';
import { CustomerWallet, CustomerWalletList, CustomerWalletListQuery } from '../../contracts/portal-wallet';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { SubscriptionQueries } from '../subscription';

export function portalWalletRoutes({ wallets }: { wallets: SubscriptionQueries }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/wallets/',
      summary: "List the customer's wallets",
      query: CustomerWalletListQuery,
      status: 200,
      response: CustomerWalletList,
      readOnly: true,
      async handler({ tx, customer, query }) {
        return wallets.wallets(tx.em, customer, query);
      },
    }),
    defineCustomerRoute({
      method: 'get',
      path: '/v1/customer-portal/wallets/:id',
      summary: "Get one of the customer's wallets",
      params: IdParams,
      status: 200,
      response: CustomerWallet,
      readOnly: true,
      async handler({ tx, customer, params }) {
        return wallets.wallet(tx.em, customer, params.id);
      },
    }),
  ];
}
