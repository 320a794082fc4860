import { Migration } from '@mikro-orm/migrations';

// Saved payment methods move from the checkout and subscription rows to the customer: one row per customer and
// token, backfilled from both (the sandbox processor's records give brand, last four and fingerprint where they
// exist); each customer's most recently used method becomes its default.
export class Migration20261201200000_payment_methods extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table customer_payment_method (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        customer_id uuid not null references customer(id) on delete cascade,
        processor_customer_id text not null,
        token text not null,
        type text not null,
        brand text,
        last4 text,
        exp_month integer,
        exp_year integer,
        fingerprint text,
        is_default boolean not null default false,
        created_at timestamptz not null,
        modified_at timestamptz,
        deleted_at timestamptz
      );
      create unique index customer_payment_method_token_idx on customer_payment_method (customer_id, token)
        where deleted_at is null;
      create unique index customer_payment_method_default_idx on customer_payment_method (customer_id)
        where is_default and deleted_at is null;
      create index customer_payment_method_customer_idx on customer_payment_method (customer_id, created_at);

      insert into customer_payment_method
        (id, organization_id, customer_id, processor_customer_id, token, type, brand, last4, fingerprint, is_default,
         created_at)
      select gen_random_uuid(), u.organization_id, u.customer_id, u.processor_customer_id, u.token, u.type,
             p.brand, p.last4, p.fingerprint, u.latest, u.created_at
      from (
        select distinct on (customer_id, token) *,
               row_number() over (partition by customer_id order by used_at desc, token) = 1 as latest
        from (
          select organization_id, customer_id, processor_customer_id, payment_method_token as token,
                 coalesce(payment_method_type, 'card') as type, created_at, coalesce(confirmed_at, created_at) as used_at
          from checkout
          where customer_id is not null and payment_method_token is not null and processor_customer_id is not null
            and status in ('confirmed', 'succeeded')
          union all
          select organization_id, customer_id, processor_customer_id, payment_method_token, 'card', created_at,
                 coalesce(modified_at, created_at)
          from subscription
          where payment_method_token is not null and processor_customer_id is not null
        ) used
        order by customer_id, token, latest desc, used_at desc
      ) u
      left join sandbox_processor_payment_method p on p.token = u.token;
    `);
  }
}
