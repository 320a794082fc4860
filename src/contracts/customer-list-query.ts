// The query of the customer list: organizations, an email, a search, metadata and the sorting.
import { z } from 'zod';
import { Uuid } from './common';
import { MetadataQuery } from './metadata';
import { PageQuery, queryMany, queryOne, sortingQuery } from './query-params';
import { TimeZone } from './time-zone';

export const CUSTOMER_SORT_FIELDS = ['created_at', 'email', 'name'] as const;
/** The list's filters, which the CSV export takes too. */
const CustomerFilters = {
  organization_id: queryMany(Uuid),
  email: queryOne(z.string().max(320).optional()),
  query: queryOne(z.string().max(255).optional()),
  metadata: MetadataQuery,
};
export const CustomerListQuery = z.object({
  ...PageQuery,
  ...CustomerFilters,
  sorting: sortingQuery(CUSTOMER_SORT_FIELDS, ['-created_at']),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;
export type CustomerFilters = Omit<CustomerListQuery, 'page' | 'limit' | 'sorting'>;

export const CUSTOMER_EXPORT_COLUMNS = [
  'id',
  'external_id',
  'created_at',
  'email',
  'name',
  'billing_name',
  'billing_address_line1',
  'billing_address_line2',
  'billing_address_postal_code',
  'billing_address_city',
  'billing_address_state',
  'billing_address_country',
  'tax_id',
  'metadata',
] as const;
export type CustomerExportColumn = (typeof CUSTOMER_EXPORT_COLUMNS)[number];

/** The CSV export: the list's filters, the time zone its dates are written in, and which columns. */
export const CustomerExportQuery = z.object({
  ...CustomerFilters,
  timezone: queryOne(TimeZone.default('UTC')),
  columns: queryMany(z.enum(CUSTOMER_EXPORT_COLUMNS)),
});
export type CustomerExportQuery = z.infer<typeof CustomerExportQuery>;
