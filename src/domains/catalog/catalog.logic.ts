// Pure rule the catalog lends other domains' lists: rows whose product or organization is named like a pattern (the
// rules of prices and intervals are in price*.logic.ts, seat-tier.logic.ts and product-interval.logic.ts).
/**
 * A list filter on rows of a product and an organization (`product_id`, `organization_id` under `alias`): the
 * product's or the organization's name matches the LIKE `pattern` (the portal's order and subscription searches).
 */
export function productOrOrganizationNamed(alias: string, pattern: string): [string, string[]] {
  const product = `(select p.name from product p where p.id = ${alias}.product_id)`;
  const organization = `(select g.name from organization g where g.id = ${alias}.organization_id)`;
  return [`(${product} ilike ? or ${organization} ilike ?)`, [pattern, pattern]];
}
