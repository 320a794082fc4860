import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table organization (
        id uuid primary key,
        name text not null,
        slug text not null unique,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create table organization_access_token (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        token_hash text not null unique,
        scopes text[] not null,
        comment text not null,
        expires_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz not null
      );
      create table meter (
        id uuid primary key,
        organization_id uuid not null references organization(id) on delete cascade,
        name text not null,
        unit text not null,
        custom_label text,
        custom_multiplier integer,
        filter jsonb not null,
        aggregation jsonb not null,
        metadata jsonb not null default '{}',
        archived_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz
      );
      create index meter_organization_created_idx on meter (organization_id, created_at);
      create table idempotency_key (
        id uuid primary key,
        organization_id uuid not null,
        key text not null,
        request_hash text not null,
        response_status integer,
        response_body jsonb,
        created_at timestamptz not null,
        unique (organization_id, key)
      );
      create index idempotency_key_created_idx on idempotency_key (created_at);
      create table outbox_message (
        id uuid primary key,
        organization_id uuid,
        kind text not null,
        payload jsonb not null,
        attempts integer not null default 0,
        last_error text,
        created_at timestamptz not null,
        dispatched_at timestamptz
      );
      create index outbox_message_pending_idx on outbox_message (created_at) where dispatched_at is null;
    `);
  }
}
