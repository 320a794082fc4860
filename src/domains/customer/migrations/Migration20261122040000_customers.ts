import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040000_customers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table customer (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        email text not null,
        external_id text,
        name text,
        billing_name text,
        billing_address jsonb,
        tax_id jsonb,
        locale text,
        metadata jsonb not null default '{}',
        deleted_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      -- One live customer per e-mail (ignoring case) and per external id in an organization.
      create unique index customer_email_idx on customer (organization_id, lower(email)) where deleted_at is null;
      create unique index customer_external_id_idx on customer (organization_id, external_id) where external_id is not null and deleted_at is null;
      create index customer_organization_created_idx on customer (organization_id, created_at);
    `);
  }
}
