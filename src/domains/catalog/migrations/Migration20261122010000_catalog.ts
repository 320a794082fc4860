import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010000_catalog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table custom_field (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        type text not null,
        slug text not null,
        name text not null,
        properties jsonb not null,
        metadata jsonb not null default '{}',
        created_at timestamptz not null,
        modified_at timestamptz,
        unique (organization_id, slug)
      );
      create table file (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        service text not null,
        name text not null,
        path text not null unique,
        mime_type text not null,
        size bigint not null,
        version text,
        upload_id text not null,
        parts jsonb not null,
        declared_sha256_base64 text,
        checksum_sha256_base64 text,
        checksum_sha256_hex text,
        checksum_etag text,
        storage_version text,
        is_uploaded boolean not null default false,
        last_modified_at timestamptz,
        deleted_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create index file_organization_created_idx on file (organization_id, created_at);
      create table benefit (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        type text not null,
        description text not null,
        visibility text not null,
        properties jsonb not null,
        metadata jsonb not null default '{}',
        deleted_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create index benefit_organization_created_idx on benefit (organization_id, created_at);
      create table product (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        name text not null,
        description text,
        visibility text not null,
        recurring_interval text,
        recurring_interval_count integer,
        trial_interval text,
        trial_interval_count integer,
        meter_interval text,
        meter_interval_count integer,
        is_archived boolean not null default false,
        metadata jsonb not null default '{}',
        benefit_ids uuid[] not null default '{}',
        media_ids uuid[] not null default '{}',
        custom_fields jsonb not null default '[]',
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create index product_organization_created_idx on product (organization_id, created_at);
      create table product_price (
        id uuid primary key,
        product_id uuid not null references product(id) on delete cascade,
        organization_id uuid not null,
        amount_type text not null,
        currency text not null,
        tax_behavior text,
        is_archived boolean not null default false,
        price_amount integer,
        minimum_amount integer,
        maximum_amount integer,
        preset_amount integer,
        unit_amount text,
        cap_amount integer,
        meter_id uuid references meter(id),
        seat_tier_type text,
        seat_tiers jsonb,
        position integer not null,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create index product_price_product_idx on product_price (product_id);
      create table discount (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        name text not null,
        type text not null,
        duration text not null,
        duration_in_months integer,
        basis_points integer,
        amounts jsonb,
        code text,
        starts_at timestamptz,
        ends_at timestamptz,
        max_redemptions integer,
        redemptions_count integer not null default 0,
        product_ids uuid[] not null default '{}',
        metadata jsonb not null default '{}',
        deleted_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      -- Codes are unique per organization, ignoring case, among discounts that still exist.
      create unique index discount_code_idx on discount (organization_id, lower(code)) where code is not null and deleted_at is null;
    `);
  }
}
