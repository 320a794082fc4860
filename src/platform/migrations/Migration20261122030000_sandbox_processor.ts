import { Migration } from '@mikro-orm/migrations';

/** The built-in sandbox payment processor keeps its customers, saved cards, charges and refunds here. */
export class Migration20261122030000_sandbox_processor extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table sandbox_processor_customer (
        id text primary key,
        idempotency_key text not null unique,
        email text not null,
        created_at timestamptz not null default now()
      );
      create table sandbox_processor_payment_method (
        token text primary key,
        idempotency_key text not null unique,
        customer_id text not null references sandbox_processor_customer(id),
        brand text not null,
        last4 text not null,
        fingerprint text not null,
        charge_fails text,
        failure_message text not null,
        created_at timestamptz not null default now()
      );
      create table sandbox_processor_charge (
        id text primary key,
        idempotency_key text not null unique,
        customer_id text not null,
        payment_method text not null,
        amount integer not null,
        currency text not null,
        status text not null,
        failure_code text,
        failure_message text,
        created_at timestamptz not null default now()
      );
      create table sandbox_processor_refund (
        id text primary key,
        idempotency_key text not null unique,
        charge_id text not null references sandbox_processor_charge(id),
        amount integer not null,
        created_at timestamptz not null default now()
      );
    `);
  }
}
