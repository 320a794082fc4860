import { Migration } from '@mikro-orm/migrations';

/**
 * Benefits come alive: one grant per customer, benefit and source (an order or a subscription), the license keys and
 * downloads grants give, their activations, each organization's Ed25519 keys for offline-verifiable license tokens,
 * and the credits meter-credit grants put on a customer's meter.
 */
export class Migration20261124000000_benefit_grants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table benefit_grant (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      benefit_id uuid not null,
      order_id uuid,
      subscription_id uuid,
      granted_at timestamptz,
      revoked_at timestamptz,
      properties jsonb not null default '{}',
      cycle_key text,
      error jsonb,
      created_at timestamptz not null,
      modified_at timestamptz,
      check ((order_id is null) <> (subscription_id is null))
    );`);
    this.addSql(`create unique index benefit_grant_source_unique on benefit_grant
      (customer_id, benefit_id, coalesce(order_id, subscription_id));`);
    this.addSql('create index benefit_grant_organization_created_idx on benefit_grant (organization_id, created_at);');
    this.addSql('create index benefit_grant_benefit_idx on benefit_grant (benefit_id);');
    this.addSql('create index benefit_grant_order_idx on benefit_grant (order_id) where order_id is not null;');
    this.addSql(
      'create index benefit_grant_subscription_idx on benefit_grant (subscription_id) where subscription_id is not null;',
    );

    this.addSql(`create table license_key (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      benefit_id uuid not null,
      grant_id uuid not null unique references benefit_grant (id),
      key text not null,
      status text not null,
      limit_activations integer,
      usage integer not null default 0,
      limit_usage integer,
      validations integer not null default 0,
      last_validated_at timestamptz,
      expires_at timestamptz,
      created_at timestamptz not null,
      modified_at timestamptz
    );`);
    this.addSql('create unique index license_key_key_unique on license_key (organization_id, key);');
    this.addSql('create index license_key_organization_created_idx on license_key (organization_id, created_at);');
    this.addSql(`create table license_key_activation (
      id uuid primary key,
      license_key_id uuid not null references license_key (id),
      label text not null,
      conditions jsonb not null default '{}',
      meta jsonb not null default '{}',
      deleted_at timestamptz,
      created_at timestamptz not null,
      modified_at timestamptz
    );`);
    this.addSql(
      'create index license_key_activation_key_idx on license_key_activation (license_key_id) where deleted_at is null;',
    );
    this.addSql(`create table license_signing_key (
      organization_id uuid not null,
      version integer not null,
      public_key text not null,
      sealed_private_key text not null,
      created_at timestamptz not null,
      retired_at timestamptz,
      primary key (organization_id, version)
    );`);

    this.addSql(`create table downloadable (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      benefit_id uuid not null,
      grant_id uuid not null references benefit_grant (id),
      file_id uuid not null,
      status text not null,
      created_at timestamptz not null,
      modified_at timestamptz,
      unique (grant_id, file_id)
    );`);
    this.addSql('create index downloadable_customer_idx on downloadable (customer_id);');

    this.addSql(`create table customer_meter (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      meter_id uuid not null,
      consumed_units numeric not null default 0,
      credited_units bigint not null default 0,
      created_at timestamptz not null,
      modified_at timestamptz,
      unique (customer_id, meter_id)
    );`);
    this.addSql(`create table meter_credit (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      meter_id uuid not null,
      grant_id uuid not null,
      units bigint not null,
      rollover boolean not null,
      key text not null unique,
      created_at timestamptz not null
    );`);
    this.addSql('create index meter_credit_customer_meter_idx on meter_credit (customer_id, meter_id, created_at);');
  }
}
