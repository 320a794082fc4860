import { Migration } from '@mikro-orm/migrations';

/**
 * When a checkout was confirmed, in its own time (a test clock's for attached customers): a subscription starts then.
 * The last lifecycle command applied to a subscription, so a retried step recognises its own work.
 */
export class Migration20261122080000_checkout_confirmed_at extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table checkout add column confirmed_at timestamptz;');
    this.addSql('alter table subscription add column last_command_key text;');
  }
}
