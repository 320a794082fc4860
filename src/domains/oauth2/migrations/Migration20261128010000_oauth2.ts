import { Migration } from '@mikro-orm/migrations';

/** The OAuth 2.0 provider: clients organizations register, authorization codes, and access/refresh token pairs. */
export class Migration20261128010000_oauth2 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oauth2_client (
      id uuid primary key,
      organization_id uuid not null,
      client_id text not null unique,
      client_secret_hash text,
      client_name text not null,
      redirect_uris text[] not null,
      token_endpoint_auth_method text not null,
      grant_types text[] not null,
      scopes text[] not null,
      client_uri text,
      logo_uri text,
      tos_uri text,
      policy_uri text,
      created_at timestamptz not null,
      modified_at timestamptz,
      deleted_at timestamptz
    );`);
    this.addSql(`create table oauth2_authorization_code (
      id uuid primary key,
      code_hash text not null unique,
      grant_id uuid not null,
      client_id text not null,
      organization_id uuid not null,
      scopes text[] not null,
      redirect_uri text not null,
      code_challenge text,
      code_challenge_method text,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    );`);
    this.addSql(`create table oauth2_token (
      id uuid primary key,
      grant_id uuid not null,
      client_id text not null,
      organization_id uuid not null,
      access_token_hash text not null unique,
      refresh_token_hash text unique,
      scopes text[] not null,
      access_expires_at timestamptz not null,
      refresh_expires_at timestamptz,
      rotated_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null
    );`);
    this.addSql('create index oauth2_token_grant_idx on oauth2_token (grant_id);');
    this.addSql('create index oauth2_token_client_idx on oauth2_token (client_id);');
  }
}
