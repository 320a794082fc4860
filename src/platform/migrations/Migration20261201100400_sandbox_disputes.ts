import { Migration } from '@mikro-orm/migrations';

/**
 * The sandbox processor's disputes: test cards that get disputed after a successful charge (their reason and the
 * outcome the card network gives them once the evidence deadline passes), and the disputes themselves.
 */
export class Migration20261201100400_sandbox_disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table sandbox_processor_payment_method
      add column dispute_reason text,
      add column dispute_outcome text;`);
    this.addSql(`create table sandbox_processor_dispute (
      id text primary key,
      charge_id text not null unique references sandbox_processor_charge(id),
      amount integer not null,
      reason text not null,
      outcome text,
      status text not null,
      created_at timestamptz not null default now()
    );`);
  }
}
