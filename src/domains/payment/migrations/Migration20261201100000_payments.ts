import { Migration } from '@mikro-orm/migrations';

/** Payments: one row per charge attempt, unique by the charge's idempotency key. */
export class Migration20261201100000_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payment (
      id uuid primary key,
      organization_id uuid not null,
      idempotency_key text not null,
      status text not null,
      amount integer not null,
      currency text not null,
      processor_charge_id text,
      method text not null,
      brand text,
      last4 text,
      "trigger" text,
      decline_reason text,
      decline_message text,
      checkout_id uuid,
      order_id uuid,
      customer_id uuid,
      customer_email text,
      created_at timestamptz not null,
      modified_at timestamptz
    );`);
    this.addSql('create unique index payment_idempotency_key_unique on payment (idempotency_key);');
    this.addSql('create index payment_organization_created_idx on payment (organization_id, created_at);');
    this.addSql('create index payment_processor_charge_idx on payment (processor_charge_id);');
    this.addSql('create index payment_order_idx on payment (order_id);');
    this.addSql('create index payment_checkout_idx on payment (checkout_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists payment;');
  }
}
