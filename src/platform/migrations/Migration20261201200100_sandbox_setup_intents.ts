import { Migration } from '@mikro-orm/migrations';

/** The sandbox processor's setups that waited for the customer to authenticate (its SetupIntents). */
export class Migration20261201200100_sandbox_setup_intents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table sandbox_processor_setup_intent (
        id text primary key,
        idempotency_key text not null unique,
        customer_id text not null references sandbox_processor_customer(id),
        confirmation_token text not null,
        client_secret text not null,
        created_at timestamptz not null default now()
      );
    `);
  }
}
