import { Migration } from '@mikro-orm/migrations';

/** Which confirmation moved a checkout to `confirmed`, so a retried confirmation step recognises its own work. */
export class Migration20261122060000_checkout_confirmation extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table checkout add column confirmation_attempt integer;');
  }
}
