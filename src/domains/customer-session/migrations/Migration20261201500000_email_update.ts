import { Migration } from '@mikro-orm/migrations';

/**
 * The portal's e-mail update: a code e-mailed to the new address, kept with the login codes (one machinery: digests,
 * expiry, attempts, resend limit), told apart by its purpose, with the address it proves.
 */
export class Migration20261201500000_email_update extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table customer_login_code
      add column purpose text not null default 'login',
      add column email text;`);
    this.addSql('drop index customer_login_code_customer_idx;');
    this.addSql(`create index customer_login_code_customer_idx
      on customer_login_code (customer_id, purpose, created_at) where used_at is null;`);
  }
}
