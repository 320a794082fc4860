import { Migration } from '@mikro-orm/migrations';

/** Subscriptions, their renewal orders, and the sandbox's test clocks. */
export class Migration20261122070000_subscriptions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table test_clock (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        name text,
        frozen_time timestamptz not null,
        status text not null,
        deleted_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create index test_clock_organization_idx on test_clock (organization_id, created_at);
      alter table customer add column test_clock_id uuid references test_clock(id);
      alter table checkout add column test_clock_id uuid references test_clock(id);
      alter table checkout add column trial_end timestamptz;
      alter table checkout add column subscription_id uuid;

      create table subscription (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        customer_id uuid not null references customer(id),
        product_id uuid not null references product(id),
        price_id uuid not null references product_price(id),
        checkout_id uuid references checkout(id),
        discount_id uuid references discount(id),
        discount_applied_at timestamptz,
        status text not null,
        currency text not null,
        recurring_interval text not null,
        recurring_interval_count integer not null,
        price_amount integer not null,
        amount integer not null,
        seats integer,
        anchor_day integer not null,
        current_period_start timestamptz not null,
        current_period_end timestamptz not null,
        trial_start timestamptz,
        trial_end timestamptz,
        cancel_at_period_end boolean not null default false,
        canceled_at timestamptz,
        started_at timestamptz,
        ends_at timestamptz,
        ended_at timestamptz,
        past_due_at timestamptz,
        customer_cancellation_reason text,
        customer_cancellation_comment text,
        billing_name text,
        billing_address jsonb,
        tax_id jsonb,
        is_business boolean not null default false,
        tax_behavior text not null,
        processor_customer_id text,
        payment_method_token text,
        pending_update jsonb,
        pending_items jsonb not null default '[]',
        test_clock_id uuid references test_clock(id),
        metadata jsonb not null default '{}',
        custom_field_data jsonb not null default '{}',
        created_at timestamptz not null,
        modified_at timestamptz
      );
      -- One subscription per checkout, however often the step that creates it runs.
      create unique index subscription_checkout_idx on subscription (checkout_id) where checkout_id is not null;
      create index subscription_organization_created_idx on subscription (organization_id, created_at);
      create index subscription_customer_idx on subscription (customer_id);
      create index subscription_test_clock_idx on subscription (test_clock_id) where test_clock_id is not null;

      alter table "order" add column subscription_id uuid references subscription(id);
      -- A renewal order per subscription and period (or per change), however often the step that writes it runs.
      alter table "order" add column cycle_key text unique;
      alter table "order" add column next_payment_attempt_at timestamptz;
      create index order_subscription_idx on "order" (subscription_id) where subscription_id is not null;
      alter table order_item add column proration boolean not null default false;
    `);
  }
}
