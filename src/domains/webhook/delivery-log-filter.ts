// The delivery log's filters as SQL: each query parameter a clause on the attempt (`a`) and its values.
import type { WebhookDeliveryListQuery } from '../../contracts/webhook-delivery-query';
import { sqlArray } from '../../platform/database/sql-array';

/** The clauses to join with `and`, and their parameters in order (arrays still to be written as literals). */
export function deliveryLogFilter(
  organizationId: string,
  query: WebhookDeliveryListQuery,
): { where: string[]; params: unknown[] } {
  const where: string[] = ['a.organization_id = ?'];
  const params: unknown[] = [organizationId];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (query.endpoint_id) add('a.endpoint_id = any(?::uuid[])', sqlArray(query.endpoint_id));
  if (query.event_type) add('a.event_type = any(?::text[])', sqlArray(query.event_type));
  if (query.succeeded !== undefined) add('a.succeeded = ?', query.succeeded);
  if (query.http_code_class)
    add(
      'a.http_code between ? and ?',
      Number(query.http_code_class[0]) * 100,
      Number(query.http_code_class[0]) * 100 + 99,
    );
  if (query.start_timestamp) add('a.created_at >= ?', new Date(query.start_timestamp));
  if (query.end_timestamp) add('a.created_at <= ?', new Date(query.end_timestamp));
  if (query.query)
    add(
      '(a.event_id::text = ? or a.delivery_id::text = ? or a.http_code::text = ?)',
      query.query,
      query.query,
      query.query,
    );
  return { where, params };
}
