import { Migration } from '@mikro-orm/migrations';

/**
 * Shadow billing's own tables, the only ones a simulation writes: the simulation (its draft change, progress and
 * totals) and each subscription's renewals as things stand and with the draft.
 */
export class Migration20261204200000_simulations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table simulation (
      id uuid primary key,
      organization_id uuid not null,
      status text not null check (status in ('running', 'succeeded', 'failed')),
      cycles integer not null,
      change jsonb not null,
      done integer not null default 0,
      total integer,
      totals jsonb not null default '[]',
      months jsonb not null default '[]',
      error text,
      created_at timestamptz not null,
      modified_at timestamptz,
      finished_at timestamptz
    );`);
    this.addSql('create index simulation_organization_idx on simulation (organization_id, created_at);');
    this.addSql(`create table simulation_subscription (
      simulation_id uuid not null references simulation (id) on delete cascade,
      subscription_id uuid not null,
      customer_id uuid not null,
      currency text not null,
      result jsonb not null,
      primary key (simulation_id, subscription_id)
    );`);
    this.addSql(
      'create index simulation_subscription_customer_idx on simulation_subscription (simulation_id, customer_id);',
    );
  }
}
