// The customer portal's downloadables: the files the caller's grants give, each with a signed download link.
import { DownloadableList, DownloadableListQuery, DownloadableRead } from '../../contracts/portal-downloadable';
import { defineCustomerRoute, type RouteDefinition } from '../../platform/http/route';
import type { DownloadableService } from '../benefit';

export function portalDownloadableRoutes({ downloads }: { downloads: DownloadableService }): RouteDefinition[] {
  return [
    defineCustomerRoute({
      members: 'all',
      method: 'get',
      path: '/v1/customer-portal/downloadables/',
      summary: "List the files the customer's grants give, each with a signed download link",
      query: DownloadableListQuery,
      status: 200,
      response: DownloadableList,
      async handler({ tx, customer, query }) {
        const page = await downloads.pageOfCustomer(tx.em, customer, query);
        return { items: page.items.map((download) => DownloadableRead.parse(download)), pagination: page.pagination };
      },
    }),
  ];
}
