// The baseline of each list endpoint: its 20-item page, each item with the objects it embeds, and the count, built as
// JSON by PostgreSQL in one statement ($1: the organization) — the ceiling of any rewrite without the ORM.

const page = (items: string, from: string, table: string) => `
  select json_build_object('items', coalesce(json_agg(${items} order by x.created_at desc, x.id), '[]'),
    'total', (select count(*) from ${table} where organization_id = $1))::text as page
  from (select * from ${table} where organization_id = $1 order by created_at desc, id limit 20) x ${from}`;

export const LIST_PAGE_SQL: Record<string, string> = {
  orders: page(
    `to_jsonb(x) || jsonb_build_object('customer', to_jsonb(c), 'product', to_jsonb(p), 'product_price', to_jsonb(pp),
      'subscription', to_jsonb(s), 'items', (select coalesce(jsonb_agg(to_jsonb(i) order by i.position), '[]') from order_item i where i.order_id = x.id))`,
    `join customer c on c.id = x.customer_id left join product p on p.id = x.product_id
     left join product_price pp on pp.id = x.product_price_id left join subscription s on s.id = x.subscription_id`,
    '"order"',
  ),
  subscriptions: page(
    `to_jsonb(x) || jsonb_build_object('customer', to_jsonb(c), 'product', to_jsonb(p), 'price', to_jsonb(pp),
      'prices', (select coalesce(jsonb_agg(to_jsonb(q) order by q.position), '[]') from product_price q where q.product_id = x.product_id))`,
    `join customer c on c.id = x.customer_id join product p on p.id = x.product_id left join product_price pp on pp.id = x.price_id`,
    'subscription',
  ),
  products: page(
    `to_jsonb(x) || jsonb_build_object(
      'prices', (select coalesce(jsonb_agg(to_jsonb(q) order by q.position), '[]') from product_price q where q.product_id = x.id),
      'benefits', (select coalesce(jsonb_agg(to_jsonb(b)), '[]') from benefit b where b.id = any(x.benefit_ids)))`,
    '',
    'product',
  ),
  customers: page('to_jsonb(x)', '', 'customer'),
  'license-keys': page(
    `to_jsonb(x) || jsonb_build_object('customer', to_jsonb(c), 'benefit', to_jsonb(b))`,
    'join customer c on c.id = x.customer_id join benefit b on b.id = x.benefit_id',
    'license_key',
  ),
};
