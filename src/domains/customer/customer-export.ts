// The CSV export of an organization's live customers: the list's filters, read in keyset pages (oldest first) and
// written as the client reads.
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  CUSTOMER_EXPORT_COLUMNS,
  type CustomerExportColumn,
  type CustomerExportQuery,
} from '../../contracts/customer-list-query';
import { isoInZone } from '../../kernel/zoned-time';
import { chosenColumns, csvDownload, type CsvCell } from '../../platform/http/csv-download';
import type { Download } from '../../platform/http/route';
import type { Customer } from './customer.entity';
import { customerFilters } from './customer-list';
import { customers } from './customer.reads';

/** `tax_id` is the number alone; `metadata` is its JSON object. */
export function customerExportRow(c: Customer, timeZone: string): Record<CustomerExportColumn, CsvCell> {
  const address = c.billingAddress;
  return {
    id: c.id,
    external_id: c.externalId,
    created_at: isoInZone(c.createdAt, timeZone),
    email: c.email,
    name: c.name,
    billing_name: c.billingName,
    billing_address_line1: address?.line1,
    billing_address_line2: address?.line2,
    billing_address_postal_code: address?.postal_code,
    billing_address_city: address?.city,
    billing_address_state: address?.state,
    billing_address_country: address?.country,
    tax_id: c.taxId?.[0],
    metadata: JSON.stringify(c.metadata ?? {}),
  };
}

async function* customerExportRows(orm: MikroORM, organizationId: string, query: CustomerExportQuery) {
  for await (const { rows } of customers.pages(orm, organizationId, query, {
    alias: 'c',
    where: customerFilters(query),
  }))
    for (const customer of rows) yield customerExportRow(customer, query.timezone);
}

export function exportCustomers(orm: MikroORM, organizationId: string, query: CustomerExportQuery): Download {
  const columns = chosenColumns(CUSTOMER_EXPORT_COLUMNS, query.columns);
  return csvDownload('customers.csv', columns, customerExportRows(orm, organizationId, query));
}
