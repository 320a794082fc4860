import { Migration } from '@mikro-orm/migrations';

/** Each organization's dispute settings: the amount below which disputes are accepted, and whether a loss revokes. */
export class Migration20261201100200_dispute_settings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organization
      add column dispute_auto_accept_below_amount integer,
      add column dispute_revoke_benefits boolean not null default true;`);
  }
}
