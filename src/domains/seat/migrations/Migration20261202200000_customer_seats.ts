import { Migration } from '@mikro-orm/migrations';

/** Customer seats: of a subscription or an order (exactly one), one live seat per member per source. */
export class Migration20261202200000_customer_seats extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table customer_seat (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      subscription_id uuid references subscription (id),
      order_id uuid references "order" (id),
      member_id uuid,
      email text not null,
      status text not null check (status in ('pending', 'claimed', 'revoked')),
      invitation_token_digest text,
      invitation_token_expires_at timestamptz,
      claimed_at timestamptz,
      revoked_at timestamptz,
      seat_metadata jsonb,
      test_clock_id uuid,
      created_at timestamptz not null,
      modified_at timestamptz,
      check ((subscription_id is null) <> (order_id is null))
    );`);
    this.addSql(
      'create index customer_seat_subscription_idx on customer_seat (subscription_id, created_at) where subscription_id is not null;',
    );
    this.addSql(
      'create index customer_seat_order_idx on customer_seat (order_id, created_at) where order_id is not null;',
    );
    this.addSql(`create unique index customer_seat_member_source_unique
      on customer_seat (member_id, coalesce(subscription_id, order_id)) where status <> 'revoked';`);
    this.addSql(
      'create unique index customer_seat_token_unique on customer_seat (invitation_token_digest) where invitation_token_digest is not null;',
    );
    this.addSql("create index customer_seat_member_idx on customer_seat (member_id) where status <> 'revoked';");
    this.addSql(
      'create index customer_seat_test_clock_idx on customer_seat (test_clock_id) where test_clock_id is not null;',
    );
  }
}
