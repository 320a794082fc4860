import { Migration } from '@mikro-orm/migrations';

/**
 * The billing timeline's read model: one row per billing fact of a customer, written in the transaction of the event
 * or payment it records, with its cause. `seq` orders the entries of one instant as they were written; `dedupe_key`
 * keeps a fact announced again (a status, a retry's time) to one entry.
 */
export class Migration20261204000000_timeline extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table timeline_entry (
      id uuid primary key,
      seq bigint generated always as identity,
      organization_id uuid not null,
      customer_id uuid not null,
      at timestamptz not null,
      type text not null,
      resource_type text not null,
      resource_id uuid not null,
      subscription_id uuid,
      amount bigint,
      currency text,
      summary text not null,
      details jsonb not null,
      cause jsonb not null,
      event_id uuid,
      dedupe_key text,
      recorded_at timestamptz not null default now()
    );`);
    this.addSql('create index timeline_entry_customer_idx on timeline_entry (organization_id, customer_id, at, seq);');
    this.addSql(`create unique index timeline_entry_dedupe_idx on timeline_entry (organization_id, dedupe_key)
      where dedupe_key is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table timeline_entry;');
  }
}
