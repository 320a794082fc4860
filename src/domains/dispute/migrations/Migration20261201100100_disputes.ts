import { Migration } from '@mikro-orm/migrations';

/** Disputes: one per processor dispute, of one payment of one order. */
export class Migration20261201100100_disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table dispute (
      id uuid primary key,
      organization_id uuid not null,
      order_id uuid not null references "order" (id),
      payment_id uuid not null references payment (id),
      customer_id uuid not null,
      processor_dispute_id text not null,
      status text not null,
      reason text,
      amount integer not null,
      tax_amount integer not null,
      currency text not null,
      evidence_due_by timestamptz,
      deadline_outcome text,
      test_clock_id uuid,
      created_at timestamptz not null,
      modified_at timestamptz
    );`);
    this.addSql('create unique index dispute_processor_dispute_unique on dispute (processor_dispute_id);');
    this.addSql('create index dispute_organization_created_idx on dispute (organization_id, created_at);');
    this.addSql('create index dispute_order_idx on dispute (order_id);');
    this.addSql('create index dispute_test_clock_idx on dispute (test_clock_id) where test_clock_id is not null;');
  }
}
