import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050000_checkouts_orders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table checkout (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        status text not null,
        client_secret text not null unique,
        product_ids uuid[] not null,
        product_id uuid not null references product(id),
        product_price_id uuid not null references product_price(id),
        currency text not null,
        custom_amount integer,
        seats integer,
        discount_id uuid references discount(id),
        allow_discount_codes boolean not null,
        require_billing_address boolean not null,
        is_business_customer boolean not null,
        allow_trial boolean not null,
        trial_interval text,
        trial_interval_count integer,
        customer_id uuid references customer(id),
        customer_name text,
        customer_email text,
        customer_ip_address text,
        customer_billing_name text,
        customer_billing_address jsonb,
        customer_tax_id text,
        customer_metadata jsonb not null default '{}',
        external_customer_id text,
        metadata jsonb not null default '{}',
        custom_field_data jsonb not null default '{}',
        success_url text,
        return_url text,
        embed_origin text,
        locale text,
        tax_behavior text,
        amount integer not null,
        discount_amount integer not null,
        net_amount integer not null,
        tax_amount integer,
        total_amount integer not null,
        payment_error text,
        order_id uuid,
        processor_customer_id text,
        payment_method_token text,
        expires_at timestamptz not null,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create index checkout_organization_created_idx on checkout (organization_id, created_at);
      create table "order" (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        status text not null,
        billing_reason text not null,
        customer_id uuid not null references customer(id),
        product_id uuid references product(id),
        product_price_id uuid references product_price(id),
        discount_id uuid references discount(id),
        checkout_id uuid references checkout(id),
        currency text not null,
        subtotal_amount integer not null,
        discount_amount integer not null,
        net_amount integer not null,
        tax_amount integer not null,
        total_amount integer not null,
        refunded_amount integer not null default 0,
        refunded_tax_amount integer not null default 0,
        billing_name text,
        billing_address jsonb,
        seats integer,
        description text not null,
        metadata jsonb not null default '{}',
        custom_field_data jsonb not null default '{}',
        charge_id text,
        paid_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      -- One order per checkout, however often the activity that creates it runs.
      create unique index order_checkout_idx on "order" (checkout_id) where checkout_id is not null;
      create index order_organization_created_idx on "order" (organization_id, created_at);
      create table checkout_link (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        client_secret text not null unique,
        product_ids uuid[] not null,
        label text,
        discount_id uuid references discount(id),
        allow_discount_codes boolean not null,
        require_billing_address boolean not null,
        seats integer,
        success_url text,
        return_url text,
        trial_interval text,
        trial_interval_count integer,
        metadata jsonb not null default '{}',
        deleted_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create table order_item (
        id uuid primary key,
        order_id uuid not null references "order"(id) on delete cascade,
        label text not null,
        amount integer not null,
        tax_amount integer not null,
        product_price_id uuid references product_price(id),
        position integer not null,
        created_at timestamptz not null
      );
    `);
  }
}
