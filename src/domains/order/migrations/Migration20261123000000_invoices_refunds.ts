import { Migration } from '@mikro-orm/migrations';

/**
 * Orders complete: invoice and receipt numbers from gap-free counters, the rendered documents, the tax breakdown an
 * invoice shows, the customer's short id that numbers carry, each organization's numbering settings, and refunds with
 * their credit notes.
 */
export class Migration20261123000000_invoices_refunds extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organization
      add column invoice_numbering text not null default 'customer',
      add column customer_invoice_prefix text;`);
    this.addSql('create sequence customer_short_id_seq;');
    this.addSql(`alter table customer add column short_id bigint not null default nextval('customer_short_id_seq');`);
    this.addSql('create unique index customer_short_id_unique on customer (short_id);');
    this.addSql(`create table document_counter (
      organization_id uuid not null,
      series text not null,
      last_value bigint not null,
      primary key (organization_id, series)
    );`);
    this.addSql(`alter table "order"
      add column invoice_number text,
      add column invoice_path text,
      add column invoice_checksum text,
      add column receipt_number text,
      add column receipt_path text,
      add column receipt_revision integer not null default 0,
      add column receipt_rendered_revision integer,
      add column tax_behavior text,
      add column tax_id jsonb,
      add column tax_lines jsonb not null default '[]';`);
    this.addSql('create unique index order_invoice_number_unique on "order" (organization_id, invoice_number);');
    this.addSql('create unique index order_receipt_number_unique on "order" (organization_id, receipt_number);');
    this.addSql(`create table refund (
      id uuid primary key,
      organization_id uuid not null,
      order_id uuid not null references "order" (id),
      subscription_id uuid,
      customer_id uuid not null,
      status text not null,
      reason text not null,
      amount integer not null,
      tax_amount integer not null,
      currency text not null,
      comment text,
      revoke_benefits boolean not null,
      metadata jsonb not null,
      processor_refund_id text,
      failure_reason text,
      credit_note_number text,
      credit_note_path text,
      created_at timestamptz not null,
      modified_at timestamptz
    );`);
    this.addSql('create index refund_order_idx on refund (order_id);');
    this.addSql('create index refund_organization_created_idx on refund (organization_id, created_at);');
    this.addSql(
      'create unique index refund_credit_note_number_unique on refund (organization_id, credit_note_number);',
    );
  }
}
