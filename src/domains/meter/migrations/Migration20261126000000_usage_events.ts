import { Migration } from '@mikro-orm/migrations';

/**
 * Usage events: partitioned by month of their timestamp (a default partition takes the months not yet created, and the
 * maintenance schedule creates the months ahead), deduplicated per organization by the caller's `external_id`, with
 * hourly per-meter rollups maintained at ingest; event types with their counters; where a customer meter was last reset
 * (the billing cut-off), and meter credits ordered and not always from a grant (the reset's own adjustments).
 */
export class Migration20261126000000_usage_events extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence event_seq as bigint;');
    this.addSql(`create table event (
      id uuid not null,
      seq bigint not null default nextval('event_seq'),
      organization_id uuid not null,
      "timestamp" timestamptz not null,
      ingested_at timestamptz not null,
      name text not null,
      source text not null,
      customer_id uuid,
      external_customer_id text,
      member_id uuid,
      external_member_id text,
      external_id text,
      parent_id uuid,
      metadata jsonb not null,
      primary key (id, "timestamp")
    ) partition by range ("timestamp");`);
    this.addSql('create table event_default partition of event default;');
    this.addSql('create index event_customer_idx on event (organization_id, customer_id, name, "timestamp");');
    this.addSql(
      'create index event_external_customer_idx on event (organization_id, external_customer_id, "timestamp") where external_customer_id is not null;',
    );
    this.addSql('create index event_organization_idx on event (organization_id, "timestamp");');
    // The events list of one customer, newest first, read in index order (event_customer_idx has the name before the time).
    this.addSql(
      'create index event_customer_time_idx on event (organization_id, customer_id, "timestamp") where customer_id is not null;',
    );
    // A lookup by id alone uses the primary key (id, timestamp): no index of its own to maintain at every insert.
    this.addSql('create index event_parent_idx on event (parent_id) where parent_id is not null;');

    this.addSql(`create table event_external_id (
      organization_id uuid not null,
      external_id text not null,
      event_id uuid not null,
      primary key (organization_id, external_id)
    );`);

    this.addSql(`create table event_type (
      id uuid primary key,
      organization_id uuid not null,
      name text not null,
      source text not null,
      label text not null,
      label_property_selector text,
      occurrences bigint not null default 0,
      first_seen timestamptz,
      last_seen timestamptz,
      created_at timestamptz not null,
      modified_at timestamptz,
      unique (organization_id, name, source)
    );`);

    this.addSql(`create table meter_rollup (
      meter_id uuid not null,
      customer_id uuid,
      external_customer_id text,
      hour timestamptz not null,
      events bigint not null,
      numeric_events bigint not null,
      total numeric not null,
      minimum numeric,
      maximum numeric,
      unique nulls not distinct (meter_id, hour, customer_id, external_customer_id)
    );`);
    // Quantities for some customers read their rollups by customer, then hour.
    this.addSql('create index meter_rollup_customer_idx on meter_rollup (meter_id, customer_id, hour);');
    this.addSql(
      'create index meter_rollup_external_customer_idx on meter_rollup (meter_id, external_customer_id, hour) where customer_id is null;',
    );
    // A rebuild covers the events numbered up to rollup_seq (later ones are the batches' increments), month by month.
    this.addSql(
      'alter table meter add column rollups_ready_at timestamptz, add column rollup_version integer not null default 0, add column rollup_seq bigint, add column rollups_built_until timestamptz;',
    );

    this.addSql('alter table customer_meter add column reset_period_end timestamptz, add column reset_seq bigint;');
    this.addSql(
      'alter table meter_credit alter column grant_id drop not null, add column seq bigint generated always as identity;',
    );
  }
}
