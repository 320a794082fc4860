import { Migration } from '@mikro-orm/migrations';

/**
 * The customer portal: customer sessions and e-mailed login codes (both kept only as HMAC digests), e-mail queued for
 * sending, whether a customer's address is verified, what the portal lets customers change of their subscriptions,
 * and whether a checkout may hand its buyer a portal session.
 */
export class Migration20261125000000_customer_portal extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table customer_session (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      token_hash text not null,
      expires_at timestamptz not null,
      return_url text,
      revoked_at timestamptz,
      created_at timestamptz not null,
      modified_at timestamptz
    );`);
    this.addSql('create unique index customer_session_token_hash_unique on customer_session (token_hash);');
    this.addSql('create index customer_session_customer_idx on customer_session (customer_id);');

    this.addSql(`create table customer_login_code (
      id uuid primary key,
      organization_id uuid not null,
      customer_id uuid not null,
      code_hash text not null,
      email_hash text not null,
      failed_attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    );`);
    this.addSql(
      'create index customer_login_code_customer_idx on customer_login_code (customer_id, created_at) where used_at is null;',
    );

    this.addSql(`create table email_message (
      id uuid primary key,
      organization_id uuid not null,
      recipient text not null,
      template text not null,
      sealed_params text,
      status text not null,
      attempts integer not null default 0,
      last_error text,
      sent_at timestamptz,
      expires_at timestamptz,
      created_at timestamptz not null
    );`);
    this.addSql('create index email_message_organization_created_idx on email_message (organization_id, created_at);');

    this.addSql('alter table customer add column email_verified boolean not null default false;');
    this.addSql(`alter table organization
      add column customer_portal_update_plan boolean not null default true,
      add column customer_portal_update_seats boolean not null default true;`);
    this.addSql('alter table checkout add column customer_session_allowed boolean not null default false;');
  }
}
