import { Migration } from '@mikro-orm/migrations';

/**
 * OpenID Connect ID tokens: the environment's signing keys (one current at most), the authorization request's nonce
 * on its code, and on each token pair the consent its grant came from (filled in from the codes for older grants).
 */
export class Migration20261129010000_oauth2_id_tokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oauth2_signing_key (
      kid text primary key,
      public_key text not null,
      sealed_private_key text not null,
      created_at timestamptz not null,
      retired_at timestamptz
    );`);
    this.addSql(
      'create unique index oauth2_signing_key_current_idx on oauth2_signing_key ((retired_at is null)) where retired_at is null;',
    );
    this.addSql('alter table oauth2_authorization_code add column nonce text;');
    this.addSql('alter table oauth2_token add column consented_at timestamptz;');
    this.addSql(
      `update oauth2_token t set consented_at = c.created_at from oauth2_authorization_code c where c.grant_id = t.grant_id;`,
    );
  }
}
