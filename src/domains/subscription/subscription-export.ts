// The CSV export of an organization's subscriptions: the list's filters, read in keyset pages (oldest first) and
// written as the client reads, with each page's customers, products and discounts read once for the page.
import type { MikroORM } from '@mikro-orm/postgresql';
import { SUBSCRIPTION_EXPORT_COLUMNS, type SubscriptionExportQuery } from '../../contracts/subscription-list-query';
import { byId, distinctIds } from '../../kernel/ids';
import { chosenColumns, csvDownload, type CsvCell } from '../../platform/http/csv-download';
import type { Download } from '../../platform/http/route';
import type { ProductService } from '../catalog';
import type { CustomerService } from '../customer';
import type { DiscountService } from '../discount';
import { subscriptionExportRow, type SubscriptionExportRow } from './subscription-export-row';
import { subscriptionFilters, subscriptions } from './list-subscriptions';

export interface SubscriptionExportDeps {
  orm: MikroORM;
  customers: CustomerService;
  products: ProductService;
  discounts: DiscountService;
}

async function* subscriptionExportRows(
  deps: SubscriptionExportDeps,
  organizationId: string,
  query: SubscriptionExportQuery,
): AsyncGenerator<SubscriptionExportRow> {
  const pages = subscriptions.pages(deps.orm, organizationId, query, { alias: 's', where: subscriptionFilters(query) });
  for await (const { em, rows } of pages) {
    const ids = (pick: (s: (typeof rows)[number]) => string | null) => distinctIds(rows, pick);
    const customers = byId(
      await deps.customers.outputs(
        em,
        organizationId,
        ids((s) => s.customerId),
      ),
    );
    const products = byId(
      await deps.products.summaries(
        em,
        organizationId,
        ids((s) => s.productId),
      ),
    );
    const discounts = byId(
      await deps.discounts.findByIds(
        em,
        organizationId,
        ids((s) => s.discountId),
      ),
    );
    for (const s of rows) {
      const relations = {
        customer: customers.get(s.customerId),
        productName: products.get(s.productId)?.name,
        discountName: s.discountId && discounts.get(s.discountId)?.name,
      };
      yield subscriptionExportRow(s, relations, query.timezone);
    }
  }
}

export function exportSubscriptions(
  deps: SubscriptionExportDeps,
  organizationId: string,
  query: SubscriptionExportQuery,
): Download {
  const columns = chosenColumns(SUBSCRIPTION_EXPORT_COLUMNS, query.columns);
  const rows: AsyncIterable<Record<string, CsvCell>> = subscriptionExportRows(deps, organizationId, query);
  return csvDownload('subscriptions.csv', columns, rows);
}
