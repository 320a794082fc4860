import { Migration } from '@mikro-orm/migrations';

// A customer session (and a login code) speaks for one member of its customer; without one, for the owner.
export class Migration20261202100100_session_member extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table customer_session add column member_id uuid;
      alter table customer_login_code add column member_id uuid;
      create index customer_session_member_idx on customer_session (member_id) where member_id is not null;
    `);
  }
}
