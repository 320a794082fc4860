import { Migration } from '@mikro-orm/migrations';

// Members of customers: every live customer gets its owner (its own e-mail and name, created with it); a deleted
// customer gets none. One owner per customer; e-mails (ignoring case) and external ids are unique among its live
// members.
export class Migration20261202100000_members extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table member (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        customer_id uuid not null references customer(id) on delete cascade,
        email text not null,
        name text,
        external_id text,
        role text not null check (role in ('owner', 'billing_manager', 'member')),
        deleted_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create unique index member_email_idx on member (customer_id, lower(email)) where deleted_at is null;
      create unique index member_external_id_idx on member (customer_id, external_id)
        where external_id is not null and deleted_at is null;
      create unique index member_owner_idx on member (customer_id) where role = 'owner' and deleted_at is null;
      create index member_organization_external_id_idx on member (organization_id, external_id);
      create index member_organization_email_idx on member (organization_id, lower(email)) where deleted_at is null;
      create index member_customer_created_idx on member (customer_id, created_at);

      insert into member (id, organization_id, customer_id, email, name, external_id, role, created_at)
      select gen_random_uuid(), organization_id, id, email, name, null, 'owner', created_at
      from customer where deleted_at is null;
    `);
  }
}
