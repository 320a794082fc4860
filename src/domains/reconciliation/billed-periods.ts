// The periods subscriptions billed metered usage for, read back from their orders' metered lines (SQL, one CTE).

/**
 * The metered lines written on orders (one per order and meter: a tiered price's lines share their head, and the
 * lines of two prices on one meter add up — a plan change's usage left behind beside the new plan's), with the period
 * they bill: it ends at the end named by the order's cycle key (`<subscription>:<end>` of a renewal,
 * `…:<end>:usage` of a final bill) and starts at the end of the previous billed period of that subscription and meter,
 * or at the subscription's start. `consumed`/`credited` are what the lines say they billed, `credit_used` what of the
 * credits they consumed.
 */
export const BILLED_PERIODS = `
  with price_line as (
    select distinct on (o.id, i.product_price_id) o.id as order_id, o.customer_id, o.subscription_id, p.meter_id,
      substring(i.label from '\\(([-0-9.]+) consumed, -{0,1}[0-9]+ credited\\)')::numeric as consumed,
      substring(i.label from '\\([-0-9.]+ consumed, (-{0,1}[0-9]+) credited\\)')::numeric as credited,
      substring(o.cycle_key from '^[0-9a-f-]{36}:([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z)(:usage){0,1}$')::timestamptz as period_end
    from "order" o
    join order_item i on i.order_id = o.id
    join product_price p on p.id = i.product_price_id and p.meter_id is not null
    where o.organization_id = ? and o.status <> 'draft' and o.subscription_id is not null
    order by o.id, i.product_price_id, i.position
  ), line as (
    select order_id, customer_id, subscription_id, meter_id, period_end, sum(consumed) as consumed,
      sum(credited) as credited, sum(least(greatest(consumed, 0), credited)) as credit_used
    from price_line group by order_id, customer_id, subscription_id, meter_id, period_end
  ), period as (
    select l.*, coalesce(lag(l.period_end) over (partition by l.subscription_id, l.meter_id order by l.period_end),
      s.started_at, s.created_at) as period_start
    from line l join subscription s on s.id = l.subscription_id
    where l.period_end is not null and l.consumed is not null
  )`;
